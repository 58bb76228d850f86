// The models a reader may not see are read from a partial index that holds the private models alone.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKyselyStore } from "../store/kysely-store.js";
import { hiddenKeys } from "../store/visibility.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { type PlannedSqlite, plannedSqlite } from "../test-utils/planned-sqlite.js";
import { VISIBILITY_INDEX } from "./model-index-ddl.js";
import { sqliteAdapter } from "./sqlite/sqlite-adapter.js";

describe("the index of private models", () => {
  let hub: PlannedSqlite;
  beforeAll(async () => {
    hub = await plannedSqlite([...numberedModels("acme", 300), ...numberedModels("team", 3)]);
    const store = createKyselyStore(hub.db, sqliteAdapter);
    for (const id of ["team/model-0000", "team/model-0001", "acme/model-0007"]) await store.setPrivate(id, true);
  });
  afterAll(async () => {
    await hub.db.destroy();
  });

  it("holds the private models only", async () => {
    const entries =
      await sql`SELECT count(*) AS n FROM models INDEXED BY ${sql.id(VISIBILITY_INDEX)} WHERE private = 1`.execute(
        hub.db,
      );
    expect(entries.rows).toEqual([{ n: 3 }]);
    const columns = await sql`SELECT name FROM pragma_index_info(${VISIBILITY_INDEX})`.execute(hub.db);
    expect(columns.rows).toEqual([{ name: "author" }]);
    // Partial: the index's definition keeps the condition.
    const definition = await sql<{
      sql: string;
    }>`SELECT sql FROM sqlite_master WHERE name = ${VISIBILITY_INDEX}`.execute(hub.db);
    expect(definition.rows[0]?.sql).toMatch(/WHERE private = 1$/);
  });

  it("replaces the index of every model by (private, author) that migration 0003 made", async () => {
    const indexes = await sql<{ name: string }>`SELECT name FROM pragma_index_list('models')`.execute(hub.db);
    const names = indexes.rows.map((r) => r.name);
    expect(names).toContain(VISIBILITY_INDEX);
    expect(names).not.toContain("models_by_private");
  });

  it("answers which models a reader may not see, without reading the public ones", async () => {
    hub.statements.length = 0;
    expect(await hiddenKeys(hub.db, { namespaces: ["team"] }, 10)).toHaveLength(1);
    expect(await hiddenKeys(hub.db, { namespaces: [] }, 10)).toHaveLength(3);
    const selects = hub.statements.filter((s) => s.sql.includes('"models"."private" = 1'));
    expect(selects).toHaveLength(2);
    for (const select of selects) expect(hub.plan(select)).toMatch(new RegExp(`INDEX ${VISIBILITY_INDEX}\\b`));
  });
});
