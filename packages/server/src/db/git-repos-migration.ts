// Migration 0003_git-repos: what the index keeps of each model's git repository — the head of `main`, each file's
// git blob id and whether it is stored through LFS, and every LFS object a repository's history points at (so the
// blob store keeps an object while any revision can still be downloaded).
import type { Kysely, Migration } from "kysely";
import type { DialectAdapter } from "./dialect-adapter.js";

/** Creates `model_heads` and `model_lfs_objects`, and adds `oid` and `lfs` to `model_files`. */
export function gitReposMigration(adapter: DialectAdapter): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const suffix = adapter.keyedTableSuffix;
      await db.schema
        .createTable("model_heads")
        .addColumn("model_pk", "integer", (c) => c.primaryKey().references("models.pk").onDelete("cascade"))
        .addColumn("head", "text", (c) => c.notNull())
        .execute();
      const lfs = db.schema
        .createTable("model_lfs_objects")
        .addColumn("model_pk", "integer", (c) => c.notNull().references("models.pk").onDelete("cascade"))
        .addColumn("sha256", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("model_lfs_objects_pkey", ["model_pk", "sha256"]);
      await (suffix ? lfs.modifyEnd(suffix) : lfs).execute();
      await db.schema.createIndex("model_lfs_objects_by_sha256").on("model_lfs_objects").column("sha256").execute();
      await db.schema.alterTable("model_files").addColumn("oid", "text").execute();
      await db.schema
        .alterTable("model_files")
        .addColumn("lfs", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
