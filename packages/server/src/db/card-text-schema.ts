// The card text table: what full-text search reads of each model's README.

/** The searchable words of one model's card (a model without a README, or not yet indexed, has no row). */
export interface ModelCardTextTable {
  /** `models.pk` of the model (deleted with it). */
  model_pk: number;
  /** The card's distinct words, folded, joined by single spaces (see card/card-words.ts); the dialect indexes them. */
  words: string;
}
