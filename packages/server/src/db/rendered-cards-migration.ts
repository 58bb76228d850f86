// Migration 0005_cards-crash-rendered-cards: model cards rendered when README.md is written (in a worker thread),
// so serving a card is a read, never a render on the event loop.
import type { Kysely, Migration } from "kysely";

/** Creates `rendered_cards`, one row per model, deleted with the model. */
export function renderedCardsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("rendered_cards")
        .addColumn("model_pk", "integer", (c) => c.primaryKey().references("models.pk").onDelete("cascade"))
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("render_key", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("html", "text", (c) => c.notNull())
        .addColumn("front_matter", "text", (c) => c.notNull())
        .addColumn("message", "text")
        .addColumn("rendered_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}
