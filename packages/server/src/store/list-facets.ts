// The totals beside a filtered model list: how many models match (exact up to a bound), and the facet counts of
// each filter computed under the other active filters, so every count says what choosing that value would show.
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { conditions, drivingSet, equalitiesOf } from "./list-conditions.js";
import type { Counted, ListFilters, ListQuery, ListTotals } from "./store.js";
import { hiddenKeys, hiddenModels, subtractCounted, visibleCondition } from "./visibility.js";

/**
 * Largest search or tag set that drives the facet counts (read by key): counting its rows costs less than counting
 * over the indexes with the condition tested per row. A list page reads fewer (DRIVING_SET_LIMIT): it sorts them.
 */
export const FACET_DRIVER_LIMIT = 5_000;

/** Counting stops here: past it the total reads "10,000+" (an exact count of millions would scan them all). */
export const EXACT_TOTAL_LIMIT = 10_000;

type Rows = SelectQueryBuilder<HubDatabase, "models", object>;

function queryOf(filters: ListFilters): ListQuery {
  return { ...filters, sort: "downloads", direction: -1, limit: 0 };
}

/** The models a small candidate set (a rare search or tag) allows, read by key; null when every set is large. */
type Driver = number[] | null;

// The models matching `filters` among `from` (all models, or those a reader may not see), as a query to select from.
function matching(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  filters: ListFilters,
  driver: Driver,
  from?: Rows,
): Rows {
  let q = from ?? (db.selectFrom("models") as Rows);
  if (driver) q = q.where("models.pk", "in", driver);
  const query = queryOf(filters);
  // A search counts every model the list shows for it: id matches and card matches.
  for (const cond of conditions(db, adapter, query, "either")) q = q.where(cond.test);
  for (const [column, value] of equalitiesOf(query)) q = q.where(sql.ref(`models.${column}`), "=", value);
  return q;
}

// The models matching `filters` that the reader may see, for the bounded total and tag sample (which stop early):
// the visibility is tested per row (visibleCondition), so no index of the flag drives their scan.
function visibleMatching(db: Kysely<HubDatabase>, adapter: DialectAdapter, filters: ListFilters, driver: Driver) {
  const visible = visibleCondition(adapter, filters.visibility);
  const q = matching(db, adapter, filters, driver);
  return visible ? q.where(visible) : q;
}

// The private models the reader may not see, by key (usually none or few); null when too many to list.
async function hiddenFacetKeys(db: Kysely<HubDatabase>, filters: ListFilters, driver: Driver): Promise<Driver> {
  const keys = await hiddenKeys(db, filters.visibility, FACET_DRIVER_LIMIT);
  return keys && driver ? keys.filter((pk) => driver.includes(pk)) : keys;
}

// The facet of `filters` over every model less the same facet over the private models the reader may not see (read
// by key): a per-row visibility test would keep the planner off the covering indexes and read every matching row.
async function visibleFacet(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  filters: ListFilters,
  driver: Driver,
  facet: (rows: Rows) => Promise<Counted[]>,
): Promise<Counted[]> {
  const keys = await hiddenFacetKeys(db, filters, driver);
  const hiddenRows = hiddenModels(db, filters.visibility) as Rows | null;
  let hidden: Counted[] = [];
  if (keys === null && hiddenRows) hidden = await facet(matching(db, adapter, filters, driver, hiddenRows));
  else if (keys && keys.length > 0) hidden = await facet(matching(db, adapter, filters, keys));
  const all = await facet(matching(db, adapter, filters, driver));
  return subtractCounted(all, new Map(hidden.map((c) => [c.id, c.count])));
}

async function total(db: Kysely<HubDatabase>, rows: Rows): Promise<ListTotals["total"]> {
  const bounded = rows.select(sql<number>`1`.as("one")).limit(EXACT_TOTAL_LIMIT + 1);
  const row = await db
    .selectFrom(bounded.as("b"))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  return count > EXACT_TOTAL_LIMIT ? { count: EXACT_TOTAL_LIMIT, exact: false } : { count, exact: true };
}

async function countBy(rows: Rows, column: "library_name" | "pipeline_tag"): Promise<Counted[]> {
  const found = await rows
    .select((eb) => [sql.ref<string | null>(`models.${column}`).as("id"), eb.fn.countAll<number | string>().as("n")])
    .where(sql.ref(`models.${column}`), "is not", null)
    .groupBy(sql.ref(`models.${column}`))
    .orderBy("n", "desc")
    .orderBy("id")
    .execute();
  return found.map((r) => ({ id: String(r.id), count: Number(r.n) }));
}

// The most used tags of `rows`: counted from the tag lists of at most EXACT_TOTAL_LIMIT of them, the most downloaded
// (all of them when the total is exact). Read from each model's own list, the count costs as much as the page of
// models it reads, never a scan of every (tag, model) pair.
async function topTags(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  rows: Rows,
  limit: number,
): Promise<Counted[]> {
  const sample = rows
    .select(["models.pk", "models.tags"])
    .orderBy("models.downloads", "desc")
    .orderBy("models.pk", "desc")
    .limit(EXACT_TOTAL_LIMIT);
  const { rows: found } = await sql<{ id: string; n: number | string }>`SELECT t.value AS id, count(DISTINCT b.pk) AS n
    FROM (${sample}) b, ${adapter.jsonElements(sql.ref("b.tags"))}
    GROUP BY t.value ORDER BY n DESC, id LIMIT ${limit}`.execute(db);
  return found.map((r) => ({ id: r.id, count: Number(r.n) }));
}

/** The total and facet counts of `filters`: each facet counted with every filter but its own applied. */
export async function listTotals(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  filters: ListFilters,
  tagLimit: number,
): Promise<ListTotals> {
  const { library: _library, ...withoutLibrary } = filters;
  const { pipelineTag: _task, ...withoutTask } = filters;
  // The search and tag conditions are the same for every facet (only library and task are left out in turn).
  const driver = await drivingSet(db, conditions(db, adapter, queryOf(filters), "either"), FACET_DRIVER_LIMIT);
  if (driver?.length === 0) return { total: { count: 0, exact: true }, libraries: [], pipelines: [], tags: [] };
  return {
    total: await total(db, visibleMatching(db, adapter, filters, driver)),
    libraries: await visibleFacet(db, adapter, withoutLibrary, driver, (rows) => countBy(rows, "library_name")),
    pipelines: await visibleFacet(db, adapter, withoutTask, driver, (rows) => countBy(rows, "pipeline_tag")),
    tags: await topTags(db, adapter, visibleMatching(db, adapter, filters, driver), tagLimit),
  };
}
