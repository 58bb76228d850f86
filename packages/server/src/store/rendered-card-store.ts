// Rendered model cards in the database: one row per model, the card of README.md on `main`. A row is written only
// while that README is still main's, so a slow render that finishes after a newer commit cannot replace its card.
import type { Kysely, Selectable } from "kysely";
import type { CardRender } from "../card/render-card.js";
import type { RenderedCardsTable } from "../db/card-schema.js";
import type { HubDatabase } from "../db/schema.js";

/** A card as stored: what rendering README.md gave, and which README and settings it was rendered from. */
export type StoredCard = CardRender & {
  /** sha256 of the README.md rendered. */
  sha256: string;
  /** Digest of the rendering's other inputs (file URL, image origins, renderer version). */
  renderKey: string;
  /** ISO date of the rendering. */
  renderedAt: string;
};

/** The rendered-card methods of the Store. */
export interface RenderedCardStore {
  /** Model `id`'s stored card, or null (none yet, or no such model). */
  get(id: string): Promise<StoredCard | null>;
  /** Stores `card` as model `id`'s card when `card.sha256` is still the sha256 of its README.md; false otherwise. */
  put(id: string, card: StoredCard): Promise<boolean>;
}

const CARD_FILE = "README.md";

function cardFromRow(row: Selectable<RenderedCardsTable>): StoredCard {
  const stored = { sha256: row.sha256, renderKey: row.render_key, renderedAt: row.rendered_at };
  if (row.status === "rendered") {
    const frontMatter = JSON.parse(row.front_matter) as Record<string, unknown>;
    return { status: "rendered", html: row.html, frontMatter, ...stored };
  }
  const status = row.status === "invalid" ? "invalid" : "too_large";
  return { status, message: row.message ?? "", ...stored };
}

function rowOf(card: StoredCard): Omit<Selectable<RenderedCardsTable>, "model_pk"> {
  const rendered = card.status === "rendered";
  return {
    sha256: card.sha256,
    render_key: card.renderKey,
    status: card.status,
    html: rendered ? card.html : "",
    front_matter: rendered ? JSON.stringify(card.frontMatter) : "{}",
    message: rendered ? null : card.message,
    rendered_at: card.renderedAt,
  };
}

/** The rendered cards over an open, migrated database. */
export function createRenderedCardStore(db: Kysely<HubDatabase>): RenderedCardStore {
  return {
    async get(id) {
      const row = await db
        .selectFrom("rendered_cards")
        .innerJoin("models", "models.pk", "rendered_cards.model_pk")
        .selectAll("rendered_cards")
        .where("models.id", "=", id)
        .executeTakeFirst();
      return row ? cardFromRow(row) : null;
    },

    put: (id, card) =>
      db.transaction().execute(async (tx) => {
        const current = await tx
          .selectFrom("model_files")
          .innerJoin("models", "models.pk", "model_files.model_pk")
          .select("models.pk")
          .where("models.id", "=", id)
          .where("model_files.path", "=", CARD_FILE)
          .where("model_files.sha256", "=", card.sha256)
          .executeTakeFirst();
        if (!current) return false;
        const row = rowOf(card);
        await tx
          .insertInto("rendered_cards")
          .values({ model_pk: current.pk, ...row })
          .onConflict((oc) => oc.column("model_pk").doUpdateSet(row))
          .execute();
        return true;
      }),
  };
}
