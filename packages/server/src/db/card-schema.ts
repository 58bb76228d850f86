// The table of rendered model cards, as Kysely sees it.

/** The rendered README.md of a model's `main`: one row per model, replaced when the README changes. */
export interface RenderedCardsTable {
  /** `models.pk` of the model (deleted with it). */
  model_pk: number;
  /** sha256 of the README.md rendered: a row is served only while it is still the README of `main`. */
  sha256: string;
  /** Digest of what else the HTML depends on (the model's file URL, the image origins, the renderer's version). */
  render_key: string;
  /** `rendered`, or `too_large` / `invalid` when there is no HTML to show. */
  status: string;
  /** The sanitized HTML ("" unless rendered). */
  html: string;
  /** The front matter as JSON ("{}" unless rendered). */
  front_matter: string;
  /** Why there is no HTML (null when rendered). */
  message: string | null;
  /** ISO date of the rendering. */
  rendered_at: string;
}

/** The card table, part of the hub's database type. */
export interface CardTables {
  /** Rendered cards. */
  rendered_cards: RenderedCardsTable;
}
