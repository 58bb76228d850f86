// PostgreSQL for tests: a fresh schema per database, dropped afterwards, so runs never see each other's rows.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Why PostgreSQL tests are skipped, printed by the suites that skip them. */
export const POSTGRES_SKIP_NOTE = "PostgreSQL tests skipped: set DATABASE_URL=postgres://… to a reachable server";

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The PostgreSQL URL of the tests, or undefined to skip them: DATABASE_URL unset, or (outside CI) no server answers
 * there. In CI (CI set) an unreachable server fails the tests instead of skipping them.
 */
export async function testDatabaseUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  return process.env.CI || (await reachable(url)) ? url : undefined;
}

/** A fresh schema name. */
export function freshSchemaName(): string {
  return `modelhub_test_${randomBytes(6).toString("hex")}`;
}

/** Drops `schema` and everything in it. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
