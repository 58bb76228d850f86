// PostgreSQL for tests: a fresh schema per database, dropped afterwards, so runs never see each other's rows.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** The test database URL, or undefined when PostgreSQL tests are skipped. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL;

/** Why PostgreSQL tests are skipped, printed once by the suites that skip them. */
export const POSTGRES_SKIP_NOTE = "PostgreSQL tests skipped: set DATABASE_URL=postgres://… to run them";

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
