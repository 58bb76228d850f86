// The serving lock against the bulk path, across processes, on both dialects: a bulk load is refused while a hub
// process serves the database, and taken once that process is killed with -9 (no stale lock blocks it); a hub that
// starts during a bulk load waits for it to finish.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importModels } from "../../import/import-models.js";
import { hubModel } from "../../test-utils/hub-models.js";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../../test-utils/postgres.js";
import { openStore, type StoreOptions } from "../open-store.js";

const SCRIPT = fileURLToPath(new URL("../../test-utils/serving-store-process.ts", import.meta.url));
const TIMEOUT_MS = 60_000;

/** A serving process and what it has printed so far. */
interface Holder {
  child: ChildProcess;
  output(): string;
  /** Resolves once the process printed `line`. */
  printed(line: string): Promise<void>;
}

function startHolder(args: string[]): Holder {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", SCRIPT, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const waiters: (() => void)[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    child,
    output: () => out,
    printed: (line) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (out.split("\n").includes(line)) resolve();
          else if (child.exitCode !== null) reject(new Error(`holder exited (${child.exitCode}) before "${line}"`));
          else waiters.push(check);
        };
        child.once("exit", check);
        check();
      }),
  };
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

function describeLock(
  name: string,
  create: () => Promise<{ options: StoreOptions; args: string[]; drop(): Promise<void> }>,
) {
  describe(`the serving lock against bulk loads: ${name}`, () => {
    it(
      "refuses the bulk path while a hub process serves, and takes it once that process was killed -9",
      async () => {
        const db = await create();
        const store = await openStore(db.options);
        const holder = startHolder(db.args);
        try {
          await holder.printed("serving");
          expect(await store.startBulkLoad()).toBeNull();
          // The import takes the upsert path instead: every record arrives, the unique id index stays.
          const lines = Array.from({ length: 50 }, (_, i) => JSON.stringify({ id: `live/m-${i}` }));
          expect(await importModels(store, lines, { bulk: "always" })).toMatchObject({ accepted: 50, rejected: 0 });
          await expect(store.createModel(hubModel("LIVE/M-1"))).rejects.toThrow(
            /conflicts with the existing model "live\/m-1"/,
          );
          await killHard(holder.child);
          const load = await store.startBulkLoad();
          expect(load).not.toBeNull();
          await load?.upsert([]);
          await load?.finish();
        } finally {
          await killHard(holder.child);
          await store.close();
          await db.drop();
        }
      },
      TIMEOUT_MS,
    );

    it(
      "makes a hub that starts during a bulk load wait until the load is finished",
      async () => {
        const db = await create();
        const store = await openStore(db.options);
        const load = await store.startBulkLoad();
        expect(load).not.toBeNull();
        const holder = startHolder(db.args);
        try {
          await holder.printed("waiting");
          expect(holder.output()).not.toContain("serving");
          await load?.finish();
          await holder.printed("serving");
          // The hub now holds the database: no second bulk load.
          expect(await store.startBulkLoad()).toBeNull();
        } finally {
          await killHard(holder.child);
          await store.close();
          await db.drop();
        }
      },
      TIMEOUT_MS,
    );
  });
}

describeLock("SQLite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "modelhub-lock-"));
  const dbPath = join(dir, "hub.db");
  return {
    options: { dbPath },
    args: ["sqlite", dbPath],
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const url = await testDatabaseUrl();
if (url) {
  describeLock("PostgreSQL", async () => {
    const pgSchema = freshSchemaName();
    return {
      options: { databaseUrl: url, pgSchema },
      args: ["postgres", url, pgSchema],
      drop: () => dropSchema(url, pgSchema),
    };
  });
} else {
  describe("the serving lock against bulk loads: PostgreSQL", () => {
    it.skip(POSTGRES_SKIP_NOTE, () => {});
  });
}
