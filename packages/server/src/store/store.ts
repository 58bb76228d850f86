// The one storage interface of the hub; SQLite and PostgreSQL implement it through Kysely.
import type { AccountStore } from "../accounts/account-store.js";
import type { CaseCollision } from "../db/model-index-ddl.js";
import type { RepoFileStore } from "../files/repo-file.js";
import type { HubModel, ModelSummary } from "../models/hub-model.js";
import type { LfsObjectStore } from "./lfs-object-store.js";
import type { ModelMoveStore } from "./model-moves.js";
import type { RenderedCardStore } from "./rendered-card-store.js";
import type { RepoIndexStore } from "./repo-index-store.js";
import type { ModelRow } from "./row-writer.js";
import type { SortDirection, SortKey } from "./sort-keys.js";

/** Where a page ends: the sort value and sequence key of its last row. */
export interface ListPosition {
  /** The last row's value of the sort column. */
  value: number | string;
  /** The last row's sequence key (tie-breaker). */
  seq: number;
  /** "card" when the row is one a search found by its card (listed after every id match); absent otherwise. */
  part?: "card";
}

/** The private models a reader may see besides every public one: all (an administrator) or those of `namespaces`. */
export type Visibility = { readonly all: true } | { readonly namespaces: readonly string[] };

/** A validated model list query. */
export interface ListQuery {
  /** Which private models may appear; absent: public models only. */
  visibility?: Visibility;
  /** Case-insensitive substring of the id, or words of the model card (id matches are listed first). */
  search?: string;
  /** Exact namespace. */
  author?: string;
  /** Exact library name. */
  library?: string;
  /** Exact task. */
  pipelineTag?: string;
  /** Tags that must all be present. */
  tags: string[];
  /** Sort order. */
  sort: SortKey;
  /** -1 largest first, 1 smallest first. */
  direction: SortDirection;
  /** Page size. */
  limit: number;
  /** Continue after this position. */
  after?: ListPosition;
  /** Read the list's order backwards from `after`, nearest row first (the page before `after`, reversed). */
  backwards?: true;
}

/** The filters of a list query (no order or position): what the totals beside the list count. */
export type ListFilters = Pick<ListQuery, "search" | "author" | "library" | "pipelineTag" | "tags" | "visibility">;

/** How many models match a list's filters, and the facet counts beside it. */
export interface ListTotals {
  /** Models matching: exact when `exact`, else at least `count` (counting stops there). */
  total: { count: number; exact: boolean };
  /** Models per library under every filter but the library. */
  libraries: Counted[];
  /** Models per task under every filter but the task. */
  pipelines: Counted[];
  /** The most used tags among the matching models (among the 10,000 most downloaded of them when more match). */
  tags: Counted[];
}

/** One page of the model list. */
export interface ModelPage {
  /** The rows. */
  items: ModelSummary[];
  /** Position to continue from, or null on the last page. */
  next: ListPosition | null;
  /** Position of the first row (where the page before this one ends), or null when the page is empty. */
  first: ListPosition | null;
}

/** A value with the number of models that have it. */
export interface Counted {
  /** The value (a library, task or tag). */
  id: string;
  /** Number of models. */
  count: number;
}

/** A bulk load: secondary indexes and derived tables are rebuilt once at `finish`, not per row. */
export interface BulkLoad {
  /** Inserts or replaces the models of `rows` (`toRow`) in one transaction. */
  upsert(rows: readonly ModelRow[]): Promise<void>;
  /**
   * Rebuilds indexes, tag table and search index; the store is fully usable again afterwards. Returns the records
   * not kept because their id differs only in case from a model stored (or loaded) before them.
   */
  finish(): Promise<CaseCollision[]>;
}

/** How a bulk load writes. */
export interface BulkLoadMode {
  /**
   * Keep the unique id indexes and upsert (records whose id differs only in case are refused as they come): for a
   * re-import into a large table, where only the secondary indexes and derived tables are worth rebuilding at the end.
   * Otherwise rows are appended with no index at all and repeated ids resolved at the end.
   */
  keepIds?: boolean;
}

/** Storage of model records, their files and download counts. Every method is atomic: a failed call changes nothing. */
export interface Store extends RepoFileStore, RepoIndexStore, ModelMoveStore, LfsObjectStore {
  /** Which dialect answers, for logs and test titles. */
  readonly dialect: "sqlite" | "postgres";
  /** One page of models matching `query`. */
  listModels(query: ListQuery): Promise<ModelPage>;
  /** The whole record, or null when no model has this id. Ids match in any case; the record has the stored one. */
  getModel(id: string): Promise<HubModel | null>;
  /** Adds a model; throws a `conflict` HubError naming the stored id when the id exists in any case. */
  createModel(model: HubModel): Promise<void>;
  /** Replaces an existing model; false when there is none with this id. */
  replaceModel(model: HubModel): Promise<boolean>;
  /** Deletes a model; false when there is none with this id. */
  deleteModel(id: string): Promise<boolean>;
  /**
   * Inserts or replaces `models` in one transaction; throws a `conflict` HubError, writing nothing, when one's id
   * differs only in case from a stored model's (a record names its model exactly). Answers how many rows were
   * inserted or changed (a record equal to the stored one is not written again).
   */
  upsertModels(models: readonly HubModel[]): Promise<number>;
  /** As upsertModels, for records already turned into rows (`toRow`): an import builds them where it parses. */
  upsertRows(rows: readonly ModelRow[]): Promise<number>;
  /**
   * Starts a bulk load (for large imports); call `finish` when done. Null when a hub serves the database (or another
   * bulk load runs): a bulk load drops the unique indexes their writes need, so the caller upserts instead.
   */
  startBulkLoad(mode?: BulkLoadMode): Promise<BulkLoad | null>;
  /** Number of models `visibility` shows (absent: public ones). */
  countModels(visibility?: Visibility): Promise<number>;
  /** Models per library, most first, of those `visibility` shows. */
  countLibraries(visibility?: Visibility): Promise<Counted[]>;
  /** Models per task, most first, of those `visibility` shows. */
  countPipelines(visibility?: Visibility): Promise<Counted[]>;
  /** The `limit` most used tags, most first, of the models `visibility` shows. */
  topTags(limit: number, visibility?: Visibility): Promise<Counted[]>;
  /** Makes a model private or public; false when there is none with this id. */
  setPrivate(id: string, isPrivate: boolean): Promise<boolean>;
  /** Users, organisations, tokens and sessions (never cached: a revoked token is refused at once). */
  readonly accounts: AccountStore;
  /** Rendered model cards (README.md of main), written when the README is committed. */
  readonly cards: RenderedCardStore;
  /** The total and facet counts of a filtered list (at most `tagLimit` tags). */
  listTotals(filters: ListFilters, tagLimit: number): Promise<ListTotals>;
  /** Closes the connections; in-flight calls finish first. */
  close(): Promise<void>;
}
