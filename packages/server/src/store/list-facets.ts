// The totals beside a filtered model list: how many models match (exact up to a bound), and the facet counts of
// each filter computed under the other active filters, so every count says what choosing that value would show.
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { conditions, equalitiesOf } from "./list-conditions.js";
import type { Counted, ListFilters, ListTotals } from "./store.js";
import { visibleCondition } from "./visibility.js";

/** Counting stops here: past it the total reads "10,000+" (an exact count of millions would scan them all). */
export const EXACT_TOTAL_LIMIT = 10_000;

type Rows = SelectQueryBuilder<HubDatabase, "models", object>;

// The models matching `filters`, as a query to select from.
function matching(db: Kysely<HubDatabase>, adapter: DialectAdapter, filters: ListFilters): Rows {
  let q = db.selectFrom("models") as Rows;
  const query = { ...filters, sort: "downloads" as const, direction: -1 as const, limit: 0 };
  // A search counts every model the list shows for it: id matches and card matches.
  for (const cond of conditions(db, adapter, query, "either")) q = q.where(cond.test);
  for (const [column, value] of equalitiesOf(query)) q = q.where(sql.ref(`models.${column}`), "=", value);
  const visible = visibleCondition(adapter, filters.visibility);
  return visible ? q.where(visible) : q;
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

async function topTags(rows: Rows, limit: number): Promise<Counted[]> {
  const found = await rows
    .innerJoin("model_tags as t", "t.model_pk", "models.pk")
    .select((eb) => ["t.tag as id", eb.fn.countAll<number | string>().as("n")])
    .groupBy("t.tag")
    .orderBy("n", "desc")
    .orderBy("t.tag")
    .limit(limit)
    .execute();
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
  return {
    total: await total(db, matching(db, adapter, filters)),
    libraries: await countBy(matching(db, adapter, withoutLibrary), "library_name"),
    pipelines: await countBy(matching(db, adapter, withoutTask), "pipeline_tag"),
    tags: await topTags(matching(db, adapter, filters), tagLimit),
  };
}
