// SQLite has no lock a process keeps while it lives and loses when killed, so the locks are files beside the
// database named for the holder's pid: `hub.db.serving-<pid>-<n>` per serving hub, `hub.db.bulk-load` (holding the
// pid) for a bulk load. A file whose pid no longer runs is stale and removed by whoever finds it. A recycled pid can
// only make a dead holder look alive: the import then takes the slower safe path, never the unsafe one.
import { randomBytes } from "node:crypto";
import { readdir, readFile, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type DatabaseLock, once } from "./database-lock.js";

/** How often a hub waiting for a bulk load to end looks again. */
const WAIT_POLL_MS = 200;

/** True when a process with this pid runs (EPERM: it runs under another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => {});
}

/** The locks of the SQLite file `dbPath`, as files in its directory. */
export function sqliteLockFiles(dbPath: string): DatabaseLock {
  const dir = dirname(dbPath);
  const servingPrefix = `${basename(dbPath)}.serving-`;
  const bulkFile = `${dbPath}.bulk-load`;

  // The pid holding the bulk load, or null when none does (a stale file is removed).
  async function bulkHolder(): Promise<number | null> {
    const text = await readFile(bulkFile, "utf8").catch(() => null);
    if (text === null) return null;
    const pid = Number(text.trim());
    if (processAlive(pid)) return pid;
    await removeQuietly(bulkFile);
    return null;
  }

  // Pids of live serving hubs (stale markers are removed).
  async function servers(): Promise<number[]> {
    const live: number[] = [];
    for (const name of await readdir(dir)) {
      if (!name.startsWith(servingPrefix)) continue;
      const pid = Number(name.slice(servingPrefix.length).split("-")[0]);
      if (processAlive(pid)) live.push(pid);
      else await removeQuietly(join(dir, name));
    }
    return live;
  }

  return {
    async serve(onWait) {
      // The marker goes first, then the check; a bulk load writes its file first, then checks for markers: of two
      // processes starting at once, at least one sees the other.
      const marker = join(dir, `${servingPrefix}${process.pid}-${randomBytes(4).toString("hex")}`);
      await writeFile(marker, `${process.pid}\n`);
      let told = false;
      for (let holder = await bulkHolder(); holder !== null; holder = await bulkHolder()) {
        if (!told) onWait?.(`a bulk import (pid ${holder})`);
        told = true;
        await sleep(WAIT_POLL_MS);
      }
      return once(() => removeQuietly(marker));
    },

    async tryBulk() {
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          await writeFile(bulkFile, `${process.pid}\n`, { flag: "wx" });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
          if ((await bulkHolder()) !== null) return null;
          continue; // The stale file is gone: try again.
        }
        if ((await servers()).length > 0) {
          await removeQuietly(bulkFile);
          return null;
        }
        return once(() => removeQuietly(bulkFile));
      }
      return null;
    },
  };
}
