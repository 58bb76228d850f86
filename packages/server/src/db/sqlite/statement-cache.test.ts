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

  it("does not keep a statement longer than MAX_KEPT_SQL_LENGTH (a list of keys): it is prepared each time", () => {
    const { wrapped, prepared } = counted();
    const keys = Array.from({ length: 1_000 }, () => "?").join(", ");
    const sql = `select value from json_each('[1,2,3]') where value in (${keys})`;
    expect(sql.length).toBeGreaterThan(MAX_KEPT_SQL_LENGTH);
    const first = wrapped.prepare(sql);
    const second = wrapped.prepare(sql);
    expect(second).not.toBe(first);
    expect(prepared).toHaveLength(2);
    // It works as any other: keys 2 and 3 are among the values.
    const rows = second.all([2, 3, ...Array.from({ length: 998 }, () => 0)]);
    expect(rows).toEqual([{ value: 2 }, { value: 3 }]);
    wrapped.close();
  });
});
