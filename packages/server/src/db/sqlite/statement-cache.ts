import type Database from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Statements kept prepared; the hot queries are a handful, bulk inserts a few more. */
const MAX_STATEMENTS = 256;

/**
 * Longest statement text kept. A longer one is a list of keys (`pk in (?, ?, …)`, thousands of them for a page read
 * from posting lists) whose length differs from one page to the next, so it is never asked for again, and its
 * prepared program costs native memory in proportion: 1.6 MiB for 9,000 keys. Kept, 256 of them held 100+ MiB of
 * the hub's heap; the hub's other statements are under 1,000 characters.
 */
export const MAX_KEPT_SQL_LENGTH = 2_048;

/**
 * Wraps a better-sqlite3 database so Kysely reuses prepared statements instead of preparing one per query. Of the
 * longer statements only the last one is kept: an import asks for the same 500-row insert again and again (preparing
 * it each time cost 4 s of a million-model import's main thread), while a list of keys is replaced by the next one.
 */
export function withStatementCache(db: Pick<Database.Database, "close" | "prepare">): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  let lastLong: { sqlText: string; statement: SqliteStatement } | null = null;
  return {
    close: () => db.close(),
    prepare(sqlText) {
      const cached = statements.get(sqlText);
      if (cached) return cached;
      if (lastLong?.sqlText === sqlText) return lastLong.statement;
      const statement = db.prepare(sqlText);
      if (sqlText.length > MAX_KEPT_SQL_LENGTH) {
        lastLong = { sqlText, statement };
        return statement;
      }
      if (statements.size >= MAX_STATEMENTS) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}
