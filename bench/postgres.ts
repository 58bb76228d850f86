// A dedicated PostgreSQL schema for one benchmark run: created empty, measured, dropped, so the bench never touches
// the tables of the database it is pointed at.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** A schema of its own inside the `DATABASE_URL` database. */
export interface BenchSchema {
  /** The schema's name. */
  name: string;
  /** `DATABASE_URL` with the schema first on the search path, for the hub and the CLI. */
  url: string;
  /** Bytes of its tables, their indexes and TOAST data. */
  size(): Promise<number>;
  /** Rows of `table` in the schema. */
  count(table: "models" | "model_tags"): Promise<number>;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh schema in the database at `databaseUrl`. */
export async function createBenchSchema(databaseUrl: string): Promise<BenchSchema> {
  const name = `modelhub_bench_${randomBytes(4).toString("hex")}`;
  await withClient(databaseUrl, (c) => c.query(`CREATE SCHEMA ${name}`));
  const url = new URL(databaseUrl);
  // Every connection of the hub and the CLI then creates and reads its tables in this schema.
  url.searchParams.set("options", `-c search_path=${name},public`);
  return {
    name,
    url: url.href,
    size: () =>
      withClient(databaseUrl, async (c) => {
        const { rows } = await c.query<{ bytes: string | null }>(
          `SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'm')`,
          [name],
        );
        return Number(rows[0]?.bytes ?? 0);
      }),
    count: (table) =>
      withClient(databaseUrl, async (c) => {
        const { rows } = await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}.${table}`);
        return Number(rows[0]?.n ?? 0);
      }),
    drop: () => withClient(databaseUrl, (c) => c.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`)).then(() => undefined),
  };
}
