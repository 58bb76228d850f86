// The model list query: filters, keyset pagination, and the choice of which index drives the scan.
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { DialectAdapter, PkQuery } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { type Equality, filtersOffIndex } from "./index-choice.js";
import { type SummaryRow, toSummary } from "./model-row.js";
import { SORT_KEYS } from "./sort-keys.js";
import type { ListQuery, ModelPage } from "./store.js";

/**
 * Largest candidate set (models with a tag, or ids matching a search) that drives the query: such a set is read and
 * sorted whole. A larger set is common enough that walking the sort index and testing each row finds a page sooner.
 */
export const DRIVING_SET_LIMIT = 5_000;

const SUMMARY_REFS = [
  "models.pk",
  "models.id",
  "models.author",
  "models.library_name",
  "models.pipeline_tag",
  "models.tags",
  "models.downloads",
  "models.likes",
  "models.last_modified",
  "models.created_at",
] as const;

type ListBuilder = SelectQueryBuilder<HubDatabase, "models", SummaryRow>;

interface Condition {
  /** The rows matching, when an index can list them. */
  candidates: PkQuery | null;
  /** The same condition tested on one row. */
  test: Expression<SqlBool>;
}

function conditions(db: Kysely<HubDatabase>, adapter: DialectAdapter, query: ListQuery): Condition[] {
  const out: Condition[] = query.tags.map((tag) => ({
    candidates: db.selectFrom("model_tags").select("model_tags.model_pk as pk").where("model_tags.tag", "=", tag),
    test: sql<boolean>`exists (select 1 from model_tags t where t.tag = ${tag} and t.model_pk = models.pk)`,
  }));
  if (query.search !== undefined) {
    out.push({ candidates: adapter.searchCandidates(db, query.search), test: adapter.idContains(query.search) });
  }
  return out;
}

// The pks of a candidate set when it has at most DRIVING_SET_LIMIT rows, else null. Fetching (not counting) lets
// a small set drive the page without running its query twice.
async function smallSet(db: Kysely<HubDatabase>, candidates: PkQuery): Promise<number[] | null> {
  const rows = await db
    .selectFrom(candidates.limit(DRIVING_SET_LIMIT + 1).as("c"))
    .select("c.pk")
    .execute();
  return rows.length <= DRIVING_SET_LIMIT ? rows.map((r) => r.pk) : null;
}

// The first small candidate set, which then drives the scan; null when every set is large.
async function drivingSet(db: Kysely<HubDatabase>, conds: Condition[]): Promise<number[] | null> {
  for (const cond of conds) {
    const set = cond.candidates ? await smallSet(db, cond.candidates) : null;
    if (set) return set;
  }
  return null;
}

function equalitiesOf(query: ListQuery): Equality[] {
  const out: Equality[] = [];
  if (query.author !== undefined) out.push(["author", query.author]);
  if (query.library !== undefined) out.push(["library_name", query.library]);
  if (query.pipelineTag !== undefined) out.push(["pipeline_tag", query.pipelineTag]);
  return out;
}

function baseQuery(db: Kysely<HubDatabase>, driver: number[] | null): ListBuilder {
  const from = db.selectFrom("models").select(SUMMARY_REFS);
  // A rowid list drives SQLite's scan (each row fetched by key, then sorted); PostgreSQL plans it likewise.
  return driver ? from.where("models.pk", "in", driver) : from;
}

/** One page of models matching `query`, continuing after `query.after`. */
export async function listModels(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
): Promise<ModelPage> {
  const { column } = SORT_KEYS[query.sort];
  const conds = conditions(db, adapter, query);
  const driver = await drivingSet(db, conds);
  if (driver?.length === 0) return { items: [], next: null };
  let q = baseQuery(db, driver);
  for (const cond of conds) q = q.where(cond.test);
  const equalities = equalitiesOf(query);
  const offIndex = driver ? new Set<string>() : await filtersOffIndex(db, equalities, column);
  // Sorted by id, an author's page is a range of the id index (below): the author's own indexes must not drive.
  if (query.author !== undefined && column === "id") offIndex.add("author");
  for (const [name, value] of equalities) {
    const ref = sql.ref(`models.${name}`);
    q = q.where(sql<boolean>`${offIndex.has(name) ? adapter.unindexed(ref) : ref} = ${value}`);
  }
  // An author's ids are exactly those between "author/" and "author0" ('0' follows '/'): sorted by id, the page is
  // a range of the id index.
  if (query.author !== undefined && column === "id") {
    q = q.where("models.id", ">", `${query.author}/`).where("models.id", "<", `${query.author}0`);
  }

  const sortRef = sql.ref(`models.${column}`);
  const byId = query.sort === "id";
  const desc = query.direction === -1;
  const after = query.after;
  if (after) {
    const op = sql.raw(desc ? "<" : ">");
    q = q.where(
      byId
        ? sql<boolean>`${sortRef} ${op} ${after.value}`
        : sql<boolean>`(${sortRef}, models.pk) ${op} (${after.value}, ${after.seq})`,
    );
  }
  q = q.orderBy(sortRef, desc ? "desc" : "asc");
  if (!byId) q = q.orderBy("models.pk", desc ? "desc" : "asc");

  const rows = await q.limit(query.limit + 1).execute();
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const next = rows.length > query.limit && last ? { value: last[column], seq: last.pk } : null;
  return { items: page.map(toSummary), next };
}
