// `modelhub import` into the database of a running hub, on both dialects: the import sees the hub's serving lock,
// keeps off the bulk path (which drops the unique id indexes) and upserts in batches, so models POSTed meanwhile are
// all created (the review saw 82 of 88 fail with 500) and every imported record arrives.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { resolveServerConfig } from "../config.js";
import { startServer } from "../server.js";
import { dropSchema, freshSchemaName, testDatabaseUrl } from "../test-utils/postgres.js";

const SCRIPT = fileURLToPath(new URL("../test-utils/import-process.ts", import.meta.url));
const RECORDS = 4_000;
const BATCH = 500;
const TIMEOUT_MS = 120_000;

/** A database for the hub and the import: the environment of the hub, the import's target arguments. */
interface Target {
  env: Record<string, string>;
  importArgs: string[];
  drop(): Promise<void>;
}

function runImport(file: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--conditions=source", "--import", "tsx", SCRIPT, file, String(BATCH), ...args],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("exit", (code) => resolve({ code, out, err }));
  });
}

async function sqliteTarget(dataDir: string): Promise<Target> {
  const dbPath = join(dataDir, "modelhub.db");
  return { env: {}, importArgs: ["sqlite", dbPath], drop: async () => {} };
}

async function postgresTarget(url: string): Promise<Target> {
  const schema = freshSchemaName();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  // The hub and the import work in the schema through the search path, as a deployment's DATABASE_URL can say.
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema},public`);
  return {
    env: { DATABASE_URL: scoped.href },
    importArgs: ["postgres", scoped.href],
    drop: () => dropSchema(url, schema),
  };
}

const url = await testDatabaseUrl();
const dialects: [string, (dataDir: string) => Promise<Target>][] = [["SQLite", sqliteTarget]];
if (url) dialects.push(["PostgreSQL", () => postgresTarget(url)]);

describe.each(dialects)("modelhub import beside a running hub: %s", (_name, makeTarget) => {
  it(
    `imports ${RECORDS} records while models are POSTed: no request fails, every row is there`,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "modelhub-live-import-"));
      const target = await makeTarget(dataDir);
      const config = resolveServerConfig(
        { MODELHUB_DATA_DIR: dataDir, MODELHUB_LOG_LEVEL: "silent", MODELHUB_DEMO_CATALOG: "off", ...target.env },
        { port: 0 },
      );
      const hub = await startServer({ ...config, webRoot: null });
      try {
        const file = join(dataDir, "models.jsonl");
        const lines = Array.from({ length: RECORDS }, (_, i) =>
          JSON.stringify({ id: `imported/model-${i}`, library_name: "timm", tags: ["vision", `t${i % 50}`] }),
        );
        writeFileSync(file, `${lines.join("\n")}\n`);
        const importing = runImport(file, target.importArgs);
        let done = false;
        void importing.then(() => {
          done = true;
        });
        const statuses: number[] = [];
        const posted: string[] = [];
        while (!done) {
          const id = `posted/model-${posted.length}`;
          const response = await fetch(`${hub.url}/api/models`, {
            method: "POST",
            headers: { authorization: `Bearer ${hub.adminToken.token}`, "content-type": "application/json" },
            body: JSON.stringify({ id, tags: ["live"] }),
          });
          await response.arrayBuffer();
          statuses.push(response.status);
          posted.push(id);
        }
        const run = await importing;
        expect(run.code, run.err).toBe(0);
        expect(JSON.parse(run.out)).toEqual({ lines: RECORDS, accepted: RECORDS, rejected: 0 });
        expect(statuses.filter((s) => s !== 201)).toEqual([]);
        expect(await hub.store.countModels()).toBe(RECORDS + posted.length);
        // The posts ran while rows were written: one was created between the first and the last imported row.
        const created = async (id: string) => (await hub.store.getModel(id))?.createdAt ?? "";
        const [first, last] = [await created("imported/model-0"), await created(`imported/model-${RECORDS - 1}`)];
        const during = await Promise.all(posted.map(created));
        expect(during.some((at) => at > first && at < last)).toBe(true);
        // The unique id index held throughout: a case variant of an imported id is still refused.
        const variant = await fetch(`${hub.url}/api/models`, {
          method: "POST",
          headers: { authorization: `Bearer ${hub.adminToken.token}`, "content-type": "application/json" },
          body: JSON.stringify({ id: "IMPORTED/model-1" }),
        });
        expect(variant.status).toBe(409);
      } finally {
        await hub.close();
        await target.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TIMEOUT_MS,
  );
});
