// The one write of a whole model row by a repository change (an indexed commit, a folder import): inserted when the
// model is new, else the row of its id, in any case, replaced (the stored id stays: the commit addressed that model).
import type { Kysely } from "kysely";
import { ID_KEY } from "../db/model-id-key.js";
import type { HubDatabase } from "../db/schema.js";
import { keepCountedDownloads } from "./counted-downloads.js";
import type { ModelRow } from "./row-writer.js";

/** Inserts or replaces `row` (through a transaction); a model with counted downloads keeps its counted figure. */
export async function saveModelRow(tx: Kysely<HubDatabase>, row: ModelRow): Promise<number> {
  const { id: _id, ...columns } = row;
  const { pk } = await tx
    .insertInto("models")
    .values(row)
    .onConflict((oc) =>
      oc.expression(ID_KEY).doUpdateSet((eb) => ({
        ...columns,
        downloads: keepCountedDownloads(eb, eb.ref("excluded.downloads")),
      })),
    )
    .returning("pk")
    .executeTakeFirstOrThrow();
  return pk;
}
