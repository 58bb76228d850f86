// The model list query: filters, keyset pagination, and the choice of which index drives the scan.
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { DialectAdapter, PkQuery } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { type Equality, sortIndexShouldDrive } from "./index-choice.js";
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

async function isSmall(db: Kysely<HubDatabase>, candidates: PkQuery): Promise<boolean> {
  const row = await db
    .selectFrom(candidates.limit(DRIVING_SET_LIMIT + 1).as("c"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) <= DRIVING_SET_LIMIT;
}

// The first small candidate set, which then drives the scan; null when every set is large.
async function drivingSet(db: Kysely<HubDatabase>, conds: Condition[]): Promise<PkQuery | null> {
  for (const cond of conds) {
    if (cond.candidates && (await isSmall(db, cond.candidates))) return cond.candidates;
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

function baseQuery(db: Kysely<HubDatabase>, driver: PkQuery | null): ListBuilder {
  // CROSS JOIN keeps the candidate set as the outer loop in SQLite; PostgreSQL plans it as an inner join.
  const from = driver
    ? db.selectFrom(driver.as("c")).crossJoin("models").whereRef("models.pk", "=", "c.pk")
    : db.selectFrom("models");
  return (from as unknown as ListBuilder).select(SUMMARY_REFS);
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
  let q = baseQuery(db, driver);
  for (const cond of conds) q = q.where(cond.test);
  const equalities = equalitiesOf(query);
  const sortDrives = !driver && (await sortIndexShouldDrive(db, equalities, column));
  for (const [name, value] of equalities) {
    const ref = sql.ref(`models.${name}`);
    q = q.where(sql<boolean>`${sortDrives ? adapter.unindexed(ref) : ref} = ${value}`);
  }
  // An author's ids are exactly those between "author/" and "author0" ('0' follows '/'): a range on the id index,
  // which answers a sort by id at once and bounds any scan of it.
  if (query.author !== undefined) {
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
