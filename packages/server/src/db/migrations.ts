// Schema migrations, run at start-up. Append new ones; never edit one that has shipped.
import { type Kysely, type Migration, Migrator } from "kysely";
import { accountsMigration } from "./accounts-migration.js";
import { cardTextMigration } from "./card-text-migration.js";
import { caseInsensitiveIdsMigration } from "./case-insensitive-ids-migration.js";
import type { DialectAdapter } from "./dialect-adapter.js";
import { filesMigration } from "./file-migration.js";
import { gitReposMigration } from "./git-repos-migration.js";
import {
  createCountedIndex,
  createIdIndex,
  createModelIndexes,
  createTagModelIndex,
  createVisibilityIndex,
  dropTagModelIndex,
  dropVisibilityIndex,
} from "./model-index-ddl.js";
import { SUPERSEDED_SORT_INDEXES } from "./model-indexes.js";
import { renderedCardsMigration } from "./rendered-cards-migration.js";
import type { HubDatabase } from "./schema.js";

/** The migrations of the hub's schema, keyed in the order they run. */
export function hubMigrations(adapter: DialectAdapter): Record<string, Migration> {
  return {
    "0001_models": {
      async up(db: Kysely<unknown>) {
        const hub = db as Kysely<HubDatabase>;
        await hub.schema
          .createTable("models")
          .addColumn("pk", adapter.sequenceKeyType, (c) => c.primaryKey())
          .addColumn("id", adapter.idColumnType, (c) => c.notNull())
          .addColumn("author", "text", (c) => c.notNull())
          .addColumn("library_name", "text")
          .addColumn("pipeline_tag", "text")
          .addColumn("tags", "text", (c) => c.notNull())
          .addColumn("downloads", "bigint", (c) => c.notNull())
          .addColumn("likes", "bigint", (c) => c.notNull())
          .addColumn("last_modified", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("data", "text", (c) => c.notNull())
          .execute();
        const modelTags = hub.schema
          .createTable("model_tags")
          .addColumn("tag", "text", (c) => c.notNull())
          .addColumn("downloads", "bigint", (c) => c.notNull())
          .addColumn("model_pk", "integer", (c) => c.notNull())
          .addPrimaryKeyConstraint("model_tags_pkey", ["tag", "downloads", "model_pk"]);
        const suffix = adapter.keyedTableSuffix;
        await (suffix ? modelTags.modifyEnd(suffix) : modelTags).execute();
        await hub.schema
          .createTable("hub_meta")
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("value", "text", (c) => c.notNull())
          .execute();
        await createIdIndex(hub);
        await createModelIndexes(hub, adapter);
        await adapter.createDerived(hub);
      },
    },
    "0002_files": filesMigration(adapter),
    "0003_accounts": accountsMigration(adapter),
    "0003_git-repos": gitReposMigration(adapter),
    "0004_ids-import-case-insensitive": caseInsensitiveIdsMigration(),
    "0004_web-search-card-text": cardTextMigration(adapter),
    "0005_cards-crash-rendered-cards": renderedCardsMigration(),
    // The list indexes added since 0001 (MODEL_INDEXES): created where missing.
    "0006_scale-bench-list-indexes": { up: (db) => createModelIndexes(db as Kysely<HubDatabase>, adapter) },
    "0007_web-search-facet-index": {
      // Indexes added to MODEL_INDEXES since 0001 (the facet counts' covering index); bulk loads rebuild them all.
      async up(db: Kysely<unknown>) {
        await createModelIndexes(db as Kysely<HubDatabase>, adapter);
        // The planner weighs an index by its statistics: without them it may prefer the new one for a sorted page.
        await adapter.analyze(db as Kysely<HubDatabase>);
      },
    },
    "0008_shapes-tag-model-index": {
      // A row's tag tested from its key alone, whichever index a list walks (store/list-conditions.ts).
      async up(db: Kysely<unknown>) {
        await createTagModelIndex(db as Kysely<HubDatabase>);
        await adapter.analyze(db as Kysely<HubDatabase>);
      },
    },
    "0009_postgres-search-walk-indexes": {
      // The search indexes changed since 0001 (PostgreSQL: ids spelled as one trigram word, covering indexes for the
      // search walk); creating what is missing is all it takes on either dialect.
      async up(db: Kysely<unknown>) {
        await adapter.createDerived(db as Kysely<HubDatabase>);
        await adapter.createSearchWalkIndexes(db as Kysely<HubDatabase>);
        await adapter.analyze(db as Kysely<HubDatabase>);
      },
    },
    // SQLite's id search index keyed in download order (db/sqlite/search-order.ts): the pk-keyed index is rebuilt
    // (about 10 s per million models); nothing changes on PostgreSQL.
    "0010_search-in-download-order": { up: (db) => adapter.createDerived(db as Kysely<HubDatabase>) },
    // Models with counted downloads, which a hub's start recounts (model-index-ddl.ts COUNTED_INDEX).
    "0011_counted-downloads-index": { up: (db) => createCountedIndex(db as Kysely<HubDatabase>) },
    // SQLite's posting lists of the list's filters (db/sqlite/postings-index.ts), computed once for a stored catalog.
    "0012_list-postings": { up: (db) => adapter.createDerived(db as Kysely<HubDatabase>) },
    // SQLite's covering indexes for the search walk (PostgreSQL has had its own since 0009).
    "0013_sqlite-search-walk-indexes": {
      async up(db: Kysely<unknown>) {
        await adapter.createSearchWalkIndexes(db as Kysely<HubDatabase>);
        await adapter.analyze(db as Kysely<HubDatabase>);
      },
    },
    // The sort indexes the search walk's covering indexes hold as a prefix (model-indexes.ts).
    "0014_sort-indexes-in-walk-indexes": {
      async up(db: Kysely<unknown>) {
        for (const name of SUPERSEDED_SORT_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
      },
    },
    // Where posting lists are kept, a model's tag is tested on them (DialectAdapter.hasTag): no index of tags by model.
    "0015_tags-tested-on-postings": {
      async up(db: Kysely<unknown>) {
        if (adapter.keepsSets) await dropTagModelIndex(db as Kysely<HubDatabase>);
      },
    },
    // SQLite's posting lists of the ids' trigrams (db/sqlite/postings-index.ts), computed once for a stored catalog.
    "0016_search-trigram-postings": { up: (db) => adapter.createDerived(db as Kysely<HubDatabase>) },
    // SQLite's count of changes of the posting lists (db/sqlite/posting-cache.ts), kept by their triggers.
    "0017_postings-version": { up: (db) => adapter.createDerived(db as Kysely<HubDatabase>) },
    // The private models alone, by author, in place of every model by (private, author) (model-index-ddl.ts).
    "0018_private-models-index": {
      async up(db: Kysely<unknown>) {
        await dropVisibilityIndex(db as Kysely<HubDatabase>);
        await createVisibilityIndex(db as Kysely<HubDatabase>);
      },
    },
  };
}

/**
 * Brings the database's schema up to date, under the dialect's migration lock (a migration must not open a
 * transaction of its own: on SQLite all of them run in one); throws with the failing migration's error. `schema`
 * (PostgreSQL) is where the migration tables live: Kysely looks for them in every schema otherwise, and another
 * hub's would mislead it.
 */
export async function migrateToLatest(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  schema?: string,
): Promise<void> {
  const migrations = hubMigrations(adapter);
  // Hubs started together (`serve --workers`, several machines) would each run the pending migrations: one at a time.
  const { error, results } = await adapter.withMigrationLock(db, (locked) =>
    new Migrator({
      db: locked,
      provider: { getMigrations: async () => migrations },
      ...(schema === undefined ? {} : { migrationTableSchema: schema }),
    }).migrateToLatest(),
  );
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
