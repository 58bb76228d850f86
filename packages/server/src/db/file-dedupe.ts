// A bulk load appends a new row for an id already stored and deletes the older row at the end; the older row's
// files and counted downloads must move to the new row first, or the delete would cascade them away.
import { type Kysely, sql } from "kysely";
import type { HubDatabase } from "./schema.js";

/** Moves files, per-day downloads, repository heads, LFS references, card words and the counted totals of superseded rows to the newest row of their id. */
export async function moveRepositoryRowsToNewest(db: Kysely<HubDatabase>): Promise<void> {
  const newest = sql`(SELECT max(n.pk) FROM models n, models o WHERE o.pk = t.model_pk AND n.id = o.id)`;
  const superseded = sql`t.model_pk IN (SELECT o.pk FROM models o WHERE EXISTS
    (SELECT 1 FROM models n WHERE n.id = o.id AND n.pk > o.pk))`;
  for (const table of ["model_files", "model_downloads", "model_heads", "model_lfs_objects", "model_card_text"]) {
    await sql`UPDATE ${sql.table(table)} AS t SET model_pk = ${newest} WHERE ${superseded}`.execute(db);
  }
  await sql`UPDATE models SET
      downloads_all_time = (SELECT max(o.downloads_all_time) FROM models o WHERE o.id = models.id),
      downloads = (SELECT o.downloads FROM models o WHERE o.id = models.id AND o.downloads_all_time > 0
        ORDER BY o.pk DESC LIMIT 1)
    WHERE EXISTS (SELECT 1 FROM models o WHERE o.id = models.id AND o.pk < models.pk AND o.downloads_all_time > 0)
      AND NOT EXISTS (SELECT 1 FROM models n WHERE n.id = models.id AND n.pk > models.pk)`.execute(db);
}
