// Migration 0004_ids-import-case-insensitive: model ids become unique case-insensitively (the git layer already
// keeps `Org/Model` and `org/model` in one repository). Rows that already differ only in case are merged first.
//
// Which row survives: the most recently modified one (largest `last_modified`; on a tie the first created, smallest
// `pk`). Both rows index the one shared repository; the one written last holds its latest state. From the others:
// files whose path the survivor lacks, downloads (summed per day and in total) and LFS objects move to the survivor;
// their other files and repository heads are dropped (start-up repair re-reads the head from git); redirects that
// pointed at their ids point at the survivor's id.
import { type Kysely, type Migration, sql } from "kysely";
import { createIdKeyIndex } from "./model-index-ddl.js";
import type { HubDatabase } from "./schema.js";

const MERGE_TABLE = "model_id_merge";
const MERGE_INDEX = "models_id_key_merge";

async function hasCaseVariants(db: Kysely<HubDatabase>): Promise<boolean> {
  const { rows } = await sql`SELECT 1 AS x FROM models GROUP BY lower(id) HAVING count(*) > 1 LIMIT 1`.execute(db);
  return rows.length > 0;
}

// The statements of the merge, in order; `model_id_merge` maps each merged row (loser) to its survivor (winner).
const MERGE_STEPS = [
  sql`CREATE INDEX ${sql.id(MERGE_INDEX)} ON models (lower(id))`,
  sql`CREATE TABLE ${sql.id(MERGE_TABLE)} (loser_pk integer PRIMARY KEY, winner_pk integer NOT NULL,
    loser_id text NOT NULL, winner_id text NOT NULL)`,
  sql`INSERT INTO ${sql.id(MERGE_TABLE)} (loser_pk, winner_pk, loser_id, winner_id)
    SELECT l.pk, w.pk, l.id, w.id FROM models l JOIN models w ON w.pk = (
      SELECT x.pk FROM models x WHERE lower(x.id) = lower(l.id) ORDER BY x.last_modified DESC, x.pk LIMIT 1)
    WHERE w.pk <> l.pk`,
  // Files: the survivor's version of a path wins, then the latest upload among the merged rows; paths only a merged
  // row has move (their blobs stay referenced). SQLite needs the WHERE before ON CONFLICT of an INSERT … SELECT.
  sql`INSERT INTO model_files (model_pk, path, sha256, size, updated_at, oid, lfs)
    SELECT g.winner_pk, f.path, f.sha256, f.size, f.updated_at, f.oid, f.lfs
    FROM model_files f JOIN ${sql.id(MERGE_TABLE)} g ON g.loser_pk = f.model_pk WHERE true
    ORDER BY f.updated_at DESC, g.loser_pk
    ON CONFLICT (model_pk, path) DO NOTHING`,
  sql`INSERT INTO model_downloads (model_pk, day, count)
    SELECT g.winner_pk, d.day, sum(d.count) FROM model_downloads d JOIN ${sql.id(MERGE_TABLE)} g ON g.loser_pk = d.model_pk
    WHERE true GROUP BY g.winner_pk, d.day
    ON CONFLICT (model_pk, day) DO UPDATE SET count = model_downloads.count + excluded.count`,
  sql`UPDATE models SET
      downloads = (CASE WHEN downloads_all_time > 0 THEN downloads ELSE 0 END) + (SELECT sum(l.downloads)
        FROM models l JOIN ${sql.id(MERGE_TABLE)} g ON g.loser_pk = l.pk WHERE g.winner_pk = models.pk AND l.downloads_all_time > 0),
      downloads_all_time = downloads_all_time + (SELECT sum(l.downloads_all_time)
        FROM models l JOIN ${sql.id(MERGE_TABLE)} g ON g.loser_pk = l.pk WHERE g.winner_pk = models.pk)
    WHERE pk IN (SELECT g.winner_pk FROM ${sql.id(MERGE_TABLE)} g JOIN models l ON l.pk = g.loser_pk
      WHERE l.downloads_all_time > 0)`,
  sql`INSERT INTO model_lfs_objects (model_pk, sha256)
    SELECT DISTINCT g.winner_pk, o.sha256 FROM model_lfs_objects o JOIN ${sql.id(MERGE_TABLE)} g ON g.loser_pk = o.model_pk WHERE true
    ON CONFLICT (model_pk, sha256) DO NOTHING`,
  sql`UPDATE model_redirects SET to_id = (SELECT g.winner_id FROM ${sql.id(MERGE_TABLE)} g WHERE g.loser_id = model_redirects.to_id)
    WHERE to_id IN (SELECT loser_id FROM ${sql.id(MERGE_TABLE)})`,
  ...["model_files", "model_downloads", "model_heads", "model_lfs_objects", "models"].map(
    (table) =>
      sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(table === "models" ? "pk" : "model_pk")}
        IN (SELECT loser_pk FROM ${sql.id(MERGE_TABLE)})`,
  ),
  sql`DROP TABLE ${sql.id(MERGE_TABLE)}`,
  sql`DROP INDEX ${sql.id(MERGE_INDEX)}`,
];

/** Merges rows whose ids differ only in case, then adds the unique index of `lower(id)`. */
export function caseInsensitiveIdsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const hub = db as Kysely<HubDatabase>;
      if (await hasCaseVariants(hub)) for (const step of MERGE_STEPS) await step.execute(hub);
      await createIdKeyIndex(hub);
    },
  };
}
