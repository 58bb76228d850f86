// Names of in-progress writes and the sweep that removes what a crashed process left behind.
import { randomUUID } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** Ending of every temporary file, so the sweep never touches anything else. */
export const TEMP_SUFFIX = ".part";

/** A temporary file an upload of another live process has not touched for this long is abandoned. */
export const STALE_TEMP_MS = 60 * 60 * 1000;

const TEMP_NAME = /^(\d+)-[0-9a-f-]+\.part$/;

/** A fresh temporary file name that records the writing process, so a later sweep knows whether it is alive. */
export function tempFileName(pid: number = process.pid): string {
  return `${pid}-${randomUUID()}${TEMP_SUFFIX}`;
}

// Signal 0 only checks existence; EPERM means the process exists under another user.
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes temporary files whose writer has died (killed mid-upload), and those untouched for `STALE_TEMP_MS`
 * (a reused process id, e.g. pid 1 in a container restarted after a crash). Returns the names removed.
 */
export async function removeStaleTempFiles(dir: string, now: number = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    const match = TEMP_NAME.exec(name);
    if (!match) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info) continue;
    const abandoned = !isAlive(Number(match[1])) || now - info.mtimeMs > STALE_TEMP_MS;
    if (!abandoned) continue;
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}
