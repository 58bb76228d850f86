// The seam between the store and a SQL dialect: capability flags and the few statements that differ.
// The store never asks which dialect it talks to; it asks the adapter.
import type { ColumnDataType, Expression, Kysely, SelectQueryBuilder, SqlBool } from "kysely";
import type { HubDatabase } from "./schema.js";

/** A column type: a plain SQL type name or a raw SQL type expression. */
export type ColumnType = ColumnDataType | Expression<unknown>;

/** A subquery yielding `pk` values of models. */
// biome-ignore lint/suspicious/noExplicitAny: the candidate query may read any table, including virtual ones.
export type PkQuery = SelectQueryBuilder<any, any, { pk: number }>;

/** The filters whose values the hub counts (the list's facets beside it: GET /api/libraries, /pipelines, /tags). */
export type CountedFilter = "library_name" | "pipeline_tag" | "tag";

/** A query of rows each naming a value (`id`) and its count of models. */
// biome-ignore lint/suspicious/noExplicitAny: the counts may come from a table or from the posting lists.
export type CountedQuery = SelectQueryBuilder<any, any, { id: string; count: number }>;

/** A query of a walk's entries in its order, each a sort `value` and a sequence key `seq`. */
// biome-ignore lint/suspicious/noExplicitAny: a walk reads models or model_tags.
export type WalkQuery = SelectQueryBuilder<any, any, { value: unknown; seq: unknown }>;

/** The entries a walk read: their sequence keys in order, and the last one's sort value (null: none read). */
export interface WalkedKeys {
  seqs: ArrayLike<number>;
  lastValue: unknown;
}

/** A list filter whose matching models a dialect may keep as posting lists, and its value. */
export type FilterValue = readonly [filter: "author" | "library_name" | "pipeline_tag" | "tag", value: string];

/** A set of models (by `pk`) a list's filters match, to count, test and enumerate. */
export interface ModelSet {
  /** How many models it holds. */
  readonly size: number;
  /** How many models hold the `index`-th filter value it was made from, alone (0 past the last). */
  sizeOf(index: number): number;
  /** Whether it holds `pk`. */
  has(pk: number): boolean;
  /** Removes `pk` (a model the reader may not see). */
  delete(pk: number): void;
  /** Keeps only the members `other` holds too. */
  retain(other: ModelSet): void;
  /** Every `pk` it holds, ascending. */
  keys(): number[];
  /** Hands its memory to the next set made (it is not used after). */
  release(): void;
}

/** The order a search page is read in: the sort column, the direction, and the position it continues after. */
export interface SearchOrder {
  column: string;
  direction: 1 | -1;
  after?: { value: number | string; seq: number };
}

/** What differs between SQLite and PostgreSQL, as data and small functions. */
export interface DialectAdapter {
  /** Dialect name, for logs and test titles only. */
  readonly name: "sqlite" | "postgres";
  /** Whether every secondary index implicitly ends with the sequence key (SQLite's rowid), so none is appended. */
  readonly indexesEndWithSequence: boolean;
  /** Column type of model ids, compared byte by byte so both dialects order ids alike. */
  readonly idColumnType: ColumnType;
  /** Clause ending CREATE TABLE of a table stored in its primary key's order (SQLite's WITHOUT ROWID), or null. */
  readonly keyedTableSuffix: Expression<unknown> | null;
  /** Column type of the auto-assigned integer primary key `pk`, including its generation clause. */
  readonly sequenceKeyType: ColumnType;
  /** Runs `run` (the migrator, on the database it is given) while no other process migrates the same database. */
  withMigrationLock<T>(db: Kysely<HubDatabase>, run: (db: Kysely<HubDatabase>) => Promise<T>): Promise<T>;
  /** The schema tables are created in (PostgreSQL's current schema), or undefined where schemas do not exist. */
  currentSchema(db: Kysely<HubDatabase>): Promise<string | undefined>;
  /** Creates the per-row maintenance of `model_tags` and the id search index. */
  createDerived(db: Kysely<HubDatabase>): Promise<void>;
  /** Stops per-row maintenance (bulk load); `rebuildDerived` restores it. */
  dropDerived(db: Kysely<HubDatabase>): Promise<void>;
  /** Recomputes `model_tags` and the search index from `models`, then restores per-row maintenance. */
  rebuildDerived(db: Kysely<HubDatabase>): Promise<void>;
  /** Switches the connection to settings for writing most of the database at once (bulk load); idempotent. */
  startBulkWrites(db: Kysely<HubDatabase>): Promise<void>;
  /** Switches the connection to settings for building a bulk load's indexes and derived tables; idempotent. */
  startIndexBuilds(db: Kysely<HubDatabase>): Promise<void>;
  /** Restores the settings of a serving connection after `startBulkWrites` or `startIndexBuilds`. */
  endBulkWrites(db: Kysely<HubDatabase>): Promise<void>;
  /** Refreshes the query planner's statistics after a bulk change. */
  analyze(db: Kysely<HubDatabase>): Promise<void>;
  /** After a bulk load and its `analyze`: whatever else lets reads skip work (PostgreSQL marks pages all-visible). */
  settle(db: Kysely<HubDatabase>): Promise<void>;
  /**
   * Rows of the sort's index an id search walks (testing each id) before it asks the search index for its candidates,
   * or null to ask the search index first. Where the search index must list every candidate before the first row
   * (PostgreSQL's GIN), a term many ids hold costs more there than a short walk that finds its page.
   */
  readonly searchWalkRows: number | null;
  /** Creates the indexes the search walk reads, where it walks (`rebuildDerived` restores them after a bulk load). */
  createSearchWalkIndexes(db: Kysely<HubDatabase>): Promise<void>;
  /**
   * The models holding every filter value of `filters` (at least one), from posting lists the dialect keeps; null
   * where it keeps none (PostgreSQL intersects its own indexes in bitmap scans). With `within` (a set this dialect
   * made), those of its members: the crossing starts from it, whose members it takes (it answers only `sizeOf` after).
   */
  matchingModels(db: Kysely<HubDatabase>, filters: readonly FilterValue[], within?: ModelSet): Promise<ModelSet | null>;
  /**
   * Whether the dialect keeps sets (`matchingModels`, `searchingModels`): where it does not, both answer null. Where it
   * does, `hasTag` reads the tag's posting list (a walk tests keys with it; rows read by key are tested on their own
   * tags, list-conditions.ts), and no index of tags by model is kept (model-index-ddl.ts).
   */
  readonly keepsSets: boolean;
  /**
   * The entries `walk` reads, to test each against a set (list-postings.ts setPage); `descending`: the walk's order by
   * value is descending.
   */
  walkedKeys(db: Kysely<HubDatabase>, walk: WalkQuery, descending: boolean): Promise<WalkedKeys>;
  /**
   * The models whose id may contain `term` (a superset: those holding each of its trigrams) as a set; null when the
   * term is too short for trigrams, or where the dialect keeps no sets. With `within`, those of its members, as
   * `matchingModels` (it is left whole when the answer is null).
   */
  searchingModels(db: Kysely<HubDatabase>, term: string, within?: ModelSet): Promise<ModelSet | null>;
  /** Every value of `filter` held by some model, with its count of models, as rows (`id`, `count`) in no order. */
  countedValues(db: Kysely<HubDatabase>, filter: CountedFilter): CountedQuery;
  /** `pk`s of models whose id may contain `term` (a superset is fine), or null when the index cannot help. */
  searchCandidates(db: Kysely<HubDatabase>, term: string): PkQuery | null;
  /**
   * The same candidates as rows of `models` to select any column from (a search walk's dialect reads a term's
   * candidates with their sort values in one statement); null when the index cannot help.
   */
  searchRows(db: Kysely<HubDatabase>, term: string): SelectQueryBuilder<HubDatabase, "models", object> | null;
  /**
   * The models whose id may hold `term` (the candidates of `searchCandidates`, as rows named `models`), read from the
   * search index in the list's order of `order.column` and `order.direction`, after `order.after` (a cursor's
   * position, which the caller also tests exactly): a page is their first rows that hold the term, and reading stops
   * there. Null where the index does not keep that order (then the page is planned from candidates or a walk).
   */
  searchInOrder(
    db: Kysely<HubDatabase>,
    term: string,
    order: SearchOrder,
  ): Promise<SelectQueryBuilder<HubDatabase, "models", object> | null>;
  /** `column` in a form the planner will not answer from an index, so another index drives the scan. */
  unindexed(column: Expression<unknown>): Expression<unknown>;
  /** True exactly when the model's id contains `term`, ignoring ASCII case. */
  idContains(term: string): Expression<SqlBool>;
  /** True exactly when the model has `tag`, tested from its key alone (no read of its row). */
  hasTag(tag: string): Expression<SqlBool>;
  /** A FROM item `t` with one row (column `value`) per element of the JSON array of strings `array`. */
  jsonElements(array: Expression<unknown>): Expression<unknown>;
  /** Creates the full-text index of `model_card_text.words` (and what keeps it in step). */
  createCardTextIndex(db: Kysely<HubDatabase>): Promise<void>;
  /** `pk`s of models whose card holds every one of `words` (folded as card/card-words.ts folds; at least one). */
  cardCandidates(db: Kysely<HubDatabase>, words: readonly string[]): PkQuery;
  /** True exactly when the model's card holds every one of `words`. */
  cardContains(words: readonly string[]): Expression<SqlBool>;
}
