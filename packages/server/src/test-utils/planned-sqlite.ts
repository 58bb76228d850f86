// An in-memory SQLite hub holding `models`, with every statement it runs recorded, for EXPLAIN QUERY PLAN tests.
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { migrateToLatest } from "../db/migrations.js";
import type { HubDatabase } from "../db/schema.js";
import { registerPostingFunctions } from "../db/sqlite/posting-functions.js";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import type { HubModel } from "../models/hub-model.js";
import { createKyselyStore } from "../store/kysely-store.js";

/** A statement the database ran. */
export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** The database, its recorded statements (clear them before the call under test) and the plan of one of them. */
export interface PlannedSqlite {
  db: Kysely<HubDatabase>;
  statements: Statement[];
  /** EXPLAIN QUERY PLAN of `statement`, one line per step. */
  plan(statement: Statement): string;
}

/** Migrates a fresh in-memory database, stores `models` and analyzes it. */
export async function plannedSqlite(models: readonly HubModel[]): Promise<PlannedSqlite> {
  const raw = new Database(":memory:");
  registerPostingFunctions(raw);
  const statements: Statement[] = [];
  const db = new Kysely<HubDatabase>({
    dialect: new SqliteDialect({ database: raw }),
    log: (event) => {
      if (event.level === "query") statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  await migrateToLatest(db, sqliteAdapter);
  await createKyselyStore(db, sqliteAdapter).upsertModels([...models]);
  await sqliteAdapter.analyze(db);
  const plan = (s: Statement) =>
    raw
      .prepare(`EXPLAIN QUERY PLAN ${s.sql}`)
      .all(...(s.parameters as unknown[]))
      .map((r) => (r as { detail: string }).detail)
      .join("\n");
  return { db, statements, plan };
}
