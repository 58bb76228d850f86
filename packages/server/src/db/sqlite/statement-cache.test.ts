import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MAX_KEPT_SQL_LENGTH, withStatementCache } from "./statement-cache.js";

function counted() {
  const db = new Database(":memory:");
  const prepared: string[] = [];
  const wrapped = withStatementCache({
    close: () => db.close(),
    prepare: (sql: string) => {
      prepared.push(sql);
      return db.prepare(sql);
    },
  });
  return { wrapped, prepared };
}

describe("withStatementCache", () => {
  it("prepares a statement once and hands the same one out again", () => {
    const { wrapped, prepared } = counted();
    const first = wrapped.prepare("select ? as one");
    expect(wrapped.prepare("select ? as one")).toBe(first);
    expect(prepared).toHaveLength(1);
    wrapped.close();
  });

  it("keeps only the last statement longer than MAX_KEPT_SQL_LENGTH (a list of keys, a many-row insert)", () => {
    const { wrapped, prepared } = counted();
    const keyList = (n: number) => Array.from({ length: n }, () => "?").join(", ");
    const sql = `select value from json_each('[1,2,3]') where value in (${keyList(1_000)})`;
    const other = `select value from json_each('[1,2,3]') where value in (${keyList(1_001)})`;
    expect(sql.length).toBeGreaterThan(MAX_KEPT_SQL_LENGTH);
    const first = wrapped.prepare(sql);
    // Asked for again in a row (an import's insert): the same statement.
    expect(wrapped.prepare(sql)).toBe(first);
    // Another long one takes its place, so the first is prepared anew.
    wrapped.prepare(other);
    const again = wrapped.prepare(sql);
    expect(again).not.toBe(first);
    expect(prepared).toEqual([sql, other, sql]);
    // It works as any other: keys 2 and 3 are among the values.
    const rows = again.all([2, 3, ...Array.from({ length: 998 }, () => 0)]);
    expect(rows).toEqual([{ value: 2 }, { value: 3 }]);
    wrapped.close();
  });
});
