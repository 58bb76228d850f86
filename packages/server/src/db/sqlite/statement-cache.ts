import type Database from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Statements kept prepared; the hot queries are a handful, bulk inserts a few more. */
const MAX_STATEMENTS = 256;

/** Wraps a better-sqlite3 database so Kysely reuses prepared statements instead of preparing one per query. */
export function withStatementCache(db: Database.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sqlText) {
      const cached = statements.get(sqlText);
      if (cached) return cached;
      const statement = db.prepare(sqlText);
      if (statements.size >= MAX_STATEMENTS) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}
