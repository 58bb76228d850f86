// A hub's start recounts the download window of the models it has counted downloads of: read from a partial index,
// not by a scan of every model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStore } from "../store/file-store.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { type PlannedSqlite, plannedSqlite } from "../test-utils/planned-sqlite.js";
import { COUNTED_INDEX } from "./model-index-ddl.js";

describe("the index of models with counted downloads", () => {
  let hub: PlannedSqlite;
  beforeAll(async () => {
    hub = await plannedSqlite(numberedModels("acme", 300));
  });
  afterAll(async () => {
    await hub.db.destroy();
  });

  it("answers the recount at start without reading every model", async () => {
    hub.statements.length = 0;
    await createFileStore(hub.db).refreshDownloads("2025-01-01");
    const select = hub.statements.find((s) => /downloads_all_time/.test(s.sql) && s.sql.startsWith("select"));
    expect(select).toBeDefined();
    // A scan of the partial index reads its entries only: the models with counted downloads.
    expect(hub.plan(select as NonNullable<typeof select>)).toMatch(
      new RegExp(`USING (COVERING )?INDEX ${COUNTED_INDEX}$`),
    );
  });
});
