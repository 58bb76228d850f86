// Migration 0002: repository files, downloads per day, and the all-time download total on `models`.
import type { Kysely, Migration } from "kysely";
import type { DialectAdapter } from "./dialect-adapter.js";

/** Creates `model_files` and `model_downloads` (rows go with their model) and `models.downloads_all_time`. */
export function filesMigration(adapter: DialectAdapter): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const suffix = adapter.keyedTableSuffix;
      const files = db.schema
        .createTable("model_files")
        .addColumn("model_pk", "integer", (c) => c.notNull().references("models.pk").onDelete("cascade"))
        .addColumn("path", adapter.idColumnType, (c) => c.notNull())
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("size", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("model_files_pkey", ["model_pk", "path"]);
      await (suffix ? files.modifyEnd(suffix) : files).execute();
      // "Is this blob still used?" is asked on every delete and replace.
      await db.schema.createIndex("model_files_by_sha256").on("model_files").column("sha256").execute();
      const downloads = db.schema
        .createTable("model_downloads")
        .addColumn("model_pk", "integer", (c) => c.notNull().references("models.pk").onDelete("cascade"))
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("count", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("model_downloads_pkey", ["model_pk", "day"]);
      await (suffix ? downloads.modifyEnd(suffix) : downloads).execute();
      await db.schema
        .alterTable("models")
        .addColumn("downloads_all_time", "bigint", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
