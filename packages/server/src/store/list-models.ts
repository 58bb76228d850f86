// The model list query: which index drives the page, the filters, keyset pagination.
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { filtersMatchMany, filtersOffIndex } from "./index-choice.js";
import { type Condition, conditions, drivingSet, equalitiesOf, type SearchPart } from "./list-conditions.js";
import { type SummaryRow, toSummary } from "./model-row.js";
import { SORT_KEYS } from "./sort-keys.js";
import type { ListPosition, ListQuery, ModelPage } from "./store.js";
import { visibleCondition } from "./visibility.js";

export { DRIVING_SET_LIMIT } from "./list-conditions.js";

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

/** Where the rows of a page come from, and the columns its order and cursor read. */
interface Plan {
  /** The rows before filters. */
  from: ListBuilder;
  /** The sort column. */
  sort: RawBuilder<unknown>;
  /** The tie-breaker (sequence key) column. */
  seq: RawBuilder<unknown>;
  /** The condition the plan already enforces, not tested again. */
  enforced: Condition | null;
}

function modelsPlan(db: Kysely<HubDatabase>, column: string, driver: number[] | null): Plan {
  const from = db.selectFrom("models").select(SUMMARY_REFS);
  return {
    // A key list drives SQLite's scan (each row fetched by key, then sorted); PostgreSQL plans it likewise.
    from: driver ? from.where("models.pk", "in", driver) : from,
    sort: sql.ref(`models.${column}`),
    seq: sql.ref("models.pk"),
    enforced: null,
  };
}

// model_tags is keyed (tag, downloads, model), so one tag's models sorted by downloads are an index range: the page
// walks it and joins each row (CROSS JOIN keeps that loop order in SQLite).
function tagPlan(db: Kysely<HubDatabase>, cond: Condition & { tag: string }): Plan {
  const from = db
    .selectFrom("model_tags as t")
    .crossJoin("models")
    .whereRef("models.pk", "=", "t.model_pk")
    .where("t.tag", "=", cond.tag)
    .select(SUMMARY_REFS);
  return {
    from: from as unknown as ListBuilder,
    sort: sql.ref("t.downloads"),
    seq: sql.ref("t.model_pk"),
    enforced: cond,
  };
}

// The plan of a page and, when a small candidate set drives it, that set.
async function choosePlan(
  db: Kysely<HubDatabase>,
  query: ListQuery,
  conds: Condition[],
): Promise<{ plan: Plan; driver: number[] | null }> {
  const { column } = SORT_KEYS[query.sort];
  const tagged = conds.find((c): c is Condition & { tag: string } => c.tag !== undefined);
  if (tagged && column === "downloads") {
    // The tag's range is already in page order, short or long; only a small search set or rare filters beat it.
    const driver = await drivingSet(
      db,
      conds.filter((c) => c.tag === undefined),
    );
    if (driver) return { plan: modelsPlan(db, column, driver), driver };
    const equalities = equalitiesOf(query);
    const rareFilters = equalities.length > 0 && !(await filtersMatchMany(db, equalities));
    return { plan: rareFilters ? modelsPlan(db, column, null) : tagPlan(db, tagged), driver: null };
  }
  const driver = await drivingSet(db, conds);
  return { plan: modelsPlan(db, column, driver), driver };
}

/** One page of models matching `query` (its search matching `part`), continuing after `query.after`; `end` is the
 * position of its last row, whether or not a next page follows. */
export async function listModels(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  part: SearchPart = "id",
): Promise<ModelPage & { end: ListPosition | null }> {
  const { column } = SORT_KEYS[query.sort];
  const conds = conditions(db, adapter, query, part);
  const { plan, driver } = await choosePlan(db, query, conds);
  if (driver?.length === 0) return { items: [], next: null, first: null, end: null };
  let q = plan.from;
  for (const cond of conds) if (cond !== plan.enforced) q = q.where(cond.test);
  const visible = visibleCondition(adapter, query.visibility);
  if (visible) q = q.where(visible);

  const equalities = equalitiesOf(query);
  const walksModels = plan.enforced === null && !driver;
  const offIndex = walksModels ? await filtersOffIndex(db, equalities, column) : new Set<string>();
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

  const byId = query.sort === "id";
  const desc = query.direction === -1;
  const after = query.after;
  if (after) {
    const op = sql.raw(desc ? "<" : ">");
    q = q.where(
      byId
        ? sql<boolean>`${plan.sort} ${op} ${after.value}`
        : sql<boolean>`(${plan.sort}, ${plan.seq}) ${op} (${after.value}, ${after.seq})`,
    );
  }
  q = q.orderBy(plan.sort, desc ? "desc" : "asc");
  if (!byId) q = q.orderBy(plan.seq, desc ? "desc" : "asc");

  const rows = await q.limit(query.limit + 1).execute();
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const end = last ? { value: last[column], seq: last.pk } : null;
  const head = page[0];
  return {
    items: page.map(toSummary),
    next: rows.length > query.limit ? end : null,
    first: head ? { value: head[column], seq: head.pk } : null,
    end,
  };
}
