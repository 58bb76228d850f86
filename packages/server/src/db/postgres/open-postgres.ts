import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { HubDatabase } from "../schema.js";

const INT8_OID = 20;
const UNIQUE_VIOLATION = "23505";
const DUPLICATE_SCHEMA = "42P06";

/** Where to connect, and optionally the schema to work in (tests use a fresh one per run). */
export interface PostgresOptions {
  /** `postgres://user:password@host:port/database`. */
  url: string;
  /** Schema searched first; created when missing. */
  schema?: string;
  /** Most connections kept open. */
  maxConnections?: number;
}

// Counts and downloads are bigint; the record validation keeps them within safe integers.
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as "text")) as never,
};

/** Opens a pool on the PostgreSQL database at `options.url`. */
export async function openPostgres(options: PostgresOptions): Promise<Kysely<HubDatabase>> {
  const { schema } = options;
  const searchPath = schema ? `-c search_path=${schema},public` : undefined;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    types,
    ...(searchPath ? { options: searchPath } : {}),
  });
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
    // Two processes creating it at once: the loser's IF NOT EXISTS can still fail on the catalog's unique index.
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).catch((error: { code?: string }) => {
      if (error.code !== UNIQUE_VIOLATION && error.code !== DUPLICATE_SCHEMA) throw error;
    });
  }
  return new Kysely<HubDatabase>({ dialect: new PostgresDialect({ pool }) });
}
