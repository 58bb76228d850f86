// Several hub processes starting together on a fresh database: every one starts, and each migration runs once.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";
import { hubMigrations } from "./migrations.js";
import { openPostgres } from "./postgres/open-postgres.js";
import { postgresAdapter } from "./postgres/postgres-adapter.js";
import type { HubDatabase } from "./schema.js";
import { openSqlite } from "./sqlite/open-sqlite.js";

const url = await testDatabaseUrl();
if (!url) console.warn(POSTGRES_SKIP_NOTE);
const STARTERS = 4;
const SCRIPT = fileURLToPath(new URL("../test-utils/open-store-process.ts", import.meta.url));
const migrationNames = Object.keys(hubMigrations(postgresAdapter)).sort();

/** Starts `STARTERS` processes opening the store at once; resolves to their exit codes and error output. */
async function startTogether(args: string[]): Promise<{ code: number | null; stderr: string }[]> {
  return Promise.all(
    Array.from(
      { length: STARTERS },
      () =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", SCRIPT, ...args], {
            stdio: ["ignore", "ignore", "pipe"],
          });
          let stderr = "";
          child.stderr.on("data", (chunk: Buffer) => {
            stderr += chunk.toString();
          });
          child.on("exit", (code) => resolve({ code, stderr }));
        }),
    ),
  );
}

/** The names of the migrations recorded in `table`; closes `db`. */
async function appliedMigrations(db: Kysely<HubDatabase>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.raw(table)} ORDER BY name`.execute(db);
  await db.destroy();
  return rows.map((r) => r.name);
}

describe.skipIf(!url)("migrations on PostgreSQL with several starters", () => {
  const schema = freshSchemaName();
  const racing = freshSchemaName();
  afterAll(() => Promise.all([dropSchema(url ?? "", schema), dropSchema(url ?? "", racing)]));

  it(`let ${STARTERS} pools (no process start-up to stagger them) migrate a fresh schema at the same moment`, async () => {
    const opened = await Promise.allSettled(
      Array.from({ length: STARTERS }, () => openStore({ databaseUrl: url, pgSchema: racing })),
    );
    await Promise.all(opened.map((o) => (o.status === "fulfilled" ? o.value.close() : undefined)));
    expect(opened.filter((o) => o.status === "rejected")).toEqual([]);
    const db = await openPostgres({ url: url ?? "" });
    expect(await appliedMigrations(db, `${racing}.kysely_migration`)).toEqual(migrationNames);
  });

  it(`let ${STARTERS} processes start at once on a fresh schema, each migration applied once`, async () => {
    const exits = await startTogether(["postgres", url ?? "", schema]);
    expect(exits).toEqual(Array.from({ length: STARTERS }, () => ({ code: 0, stderr: "" })));
    const db = await openPostgres({ url: url ?? "" });
    expect(await appliedMigrations(db, `${schema}.kysely_migration`)).toEqual(migrationNames);
  });
});

describe("migrations on SQLite with several starters", () => {
  const dir = mkdtempSync(join(tmpdir(), "modelhub-migrate-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`let ${STARTERS} processes start at once on a fresh file, each migration applied once`, async () => {
    const path = join(dir, "hub.db");
    const exits = await startTogether(["sqlite", path]);
    expect(exits).toEqual(Array.from({ length: STARTERS }, () => ({ code: 0, stderr: "" })));
    expect(await appliedMigrations(openSqlite(path), "kysely_migration")).toEqual(migrationNames);
  });
});
