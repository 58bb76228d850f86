// The search index's keys sort as the list sorted by downloads, and a cursor's key bound selects exactly the rows after
// it, at the edges of both fields too (ties, a seq past every pk, the largest downloads that fit).
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HubDatabase } from "../schema.js";
import { keyBound, keyPk, keysInOrder, searchKey } from "./search-order.js";

const TOP = 2 ** 35 - 1;
// (pk, downloads): ties on downloads, the largest pk and downloads that fit, and zero.
const ROWS: Array<[number, number]> = [
  [1, 0],
  [2, 5],
  [3, 5],
  [4, 0],
  [5, 1_000_000_000],
  [6, 5],
  [2 ** 28 - 1, TOP],
  [7, TOP],
];

describe("search index keys", () => {
  let db: Kysely<HubDatabase>;

  beforeAll(async () => {
    db = new Kysely<HubDatabase>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
    await sql`CREATE TABLE models (pk integer primary key, downloads bigint not null)`.execute(db);
    for (const [pk, downloads] of ROWS) await sql`INSERT INTO models VALUES (${pk}, ${downloads})`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
  });

  // The pks in key order, with each key's pk read back; `where` filters by the key `k`.
  async function byKey(where = sql`1`, direction: "asc" | "desc" = "desc"): Promise<number[]> {
    const { rows } = await sql<{ pk: number; back: number }>`SELECT pk, ${keyPk(sql.ref("k"))} AS back
      FROM (SELECT pk, ${searchKey("models")} AS k FROM models) WHERE ${where} ORDER BY k ${sql.raw(direction)}`.execute(
      db,
    );
    for (const row of rows) expect(row.back).toBe(row.pk);
    return rows.map((r) => r.pk);
  }

  async function byList(where = sql`1`, direction: "asc" | "desc" = "desc"): Promise<number[]> {
    const d = sql.raw(direction);
    const { rows } = await sql<{ pk: number }>`SELECT pk FROM models WHERE ${where}
      ORDER BY downloads ${d}, pk ${d}`.execute(db);
    return rows.map((r) => r.pk);
  }

  it("sort as (downloads, pk), and name their pk", async () => {
    expect(await byKey()).toEqual(await byList());
    expect(await byKey(sql`1`, "asc")).toEqual(await byList(sql`1`, "asc"));
    expect(await keysInOrder(db)).toBe(true);
  });

  it("bound exactly the rows after a position, either way", async () => {
    const positions: Array<[number, number]> = [
      [5, 3],
      [5, 0],
      [5, 2 ** 40],
      [0, 4],
      [TOP, 2 ** 28 - 1],
      [TOP, 7],
      [1_000_000_000, 5],
      [3, 3],
    ];
    for (const [value, seq] of positions) {
      const bound = keyBound(value, seq, -1);
      expect(bound).not.toBeNull();
      expect(await byKey(sql`k < ${bound}`)).toEqual(
        await byList(sql`(downloads < ${value} OR (downloads = ${value} AND pk < ${seq}))`),
      );
      const ascending = keyBound(value, seq, 1);
      expect(await byKey(sql`k > ${ascending}`, "asc")).toEqual(
        await byList(sql`(downloads > ${value} OR (downloads = ${value} AND pk > ${seq}))`, "asc"),
      );
    }
    // Past the last key: no bound (everything follows, descending).
    expect(keyBound(TOP + 1, 0, -1)).toBeNull();
    expect(keyBound(TOP, 2 ** 40, -1)).toBeNull();
    expect(await byList(sql`(downloads < ${TOP} OR pk < ${2 ** 40})`)).toEqual(await byKey());
  });

  it("are -pk for a row out of range, and the order is then not claimed", async () => {
    await sql`INSERT INTO models VALUES (9, ${2 ** 35})`.execute(db);
    const { rows } = await sql<{ k: number }>`SELECT ${searchKey("models")} AS k FROM models WHERE pk = 9`.execute(db);
    expect(rows[0]?.k).toBe(-9);
    expect(await keysInOrder(db)).toBe(false);
    await sql`DELETE FROM models WHERE pk = 9`.execute(db);
    await sql`INSERT INTO models VALUES (${2 ** 28}, 1)`.execute(db);
    expect(await keysInOrder(db)).toBe(false);
  });
});
