// Migration 0004_web-search-card-text: the words of each model's card and their full-text index (FTS5 in SQLite, a
// GIN tsvector index in PostgreSQL, made by the adapter). Rows of models indexed before this migration are filled by
// the start-up repair from the README in git (see repos/card-text-backfill.ts), not here: a migration reads no git.
import type { Kysely, Migration } from "kysely";
import type { DialectAdapter } from "./dialect-adapter.js";
import type { HubDatabase } from "./schema.js";

/** Creates `model_card_text` and its full-text index. */
export function cardTextMigration(adapter: DialectAdapter): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("model_card_text")
        .addColumn("model_pk", "integer", (c) => c.primaryKey().references("models.pk").onDelete("cascade"))
        .addColumn("words", "text", (c) => c.notNull())
        .execute();
      await adapter.createCardTextIndex(db as Kysely<HubDatabase>);
    },
  };
}
