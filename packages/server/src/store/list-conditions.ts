// The conditions of a list query that an index can enumerate (tags, id search) and the small sets that drive a page.
import { type Expression, expressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import { searchWords } from "../card/card-words.js";
import type { DialectAdapter, PkQuery } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import type { Equality } from "./index-choice.js";
import type { ListQuery } from "./store.js";

/**
 * Largest candidate set (models with a tag, or ids matching a search) that drives the query: such a set is read and
 * sorted whole. A larger set is common enough that walking a sorted index and testing each row finds a page sooner.
 */
export const DRIVING_SET_LIMIT = 1_500;

const { and, not, or } = expressionBuilder<HubDatabase, "models">();

/** A condition on the models of a page. */
export interface Condition {
  /** The tag, for a tag condition (a sort by downloads can walk the tag's own index in order). */
  tag?: string;
  /** The rows matching, when an index can list them. */
  candidates: PkQuery | null;
  /** The same condition tested on one row. */
  test: Expression<SqlBool>;
  /**
   * The same test on a row that is read anyway (a page read by key), where `test` costs more there: a tag is tested on
   * the row's own list instead of an index of tags (on SQLite, a posting list's 8 KiB chunk read per key: 101 keys cost
   * 5-6 ms at ten million models).
   */
  rowTest?: Expression<SqlBool>;
}

/**
 * Which models a search term matches: those whose id holds it ("id"), those whose card holds its words but not
 * their id ("card"; the list shows them after every id match), or both ("either", what the totals count).
 */
export type SearchPart = "id" | "card" | "either";

// The search condition of `term` for `part`. A term with no word (punctuation only) matches ids only.
function searchCondition(db: Kysely<HubDatabase>, adapter: DialectAdapter, term: string, part: SearchPart): Condition {
  const words = searchWords(term);
  const byId = { candidates: adapter.searchCandidates(db, term), test: adapter.idContains(term) };
  if (part === "id" || words.length === 0) return byId;
  const byCard = { candidates: adapter.cardCandidates(db, words), test: adapter.cardContains(words) };
  if (part === "card") return { candidates: byCard.candidates, test: and([byCard.test, not(byId.test)]) };
  return {
    // UNION ALL streams into the caller's LIMIT; a UNION would first read every candidate to drop duplicates (at a
    // million models on PostgreSQL, 2.6 s for a term 230,000 ids hold). A model found twice is the same pk twice.
    candidates: byId.candidates ? byId.candidates.unionAll(byCard.candidates) : null,
    test: or([byId.test, byCard.test]),
  };
}

/** The tag and search conditions of `query`; `part` says which models the search matches. */
export function conditions(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
  part: SearchPart = "id",
): Condition[] {
  const out: Condition[] = query.tags.map((tag) => ({
    tag,
    candidates: db.selectFrom("model_tags").select("model_tags.model_pk as pk").where("model_tags.tag", "=", tag),
    // From the row's key alone: a walk tests it without reading the row.
    test: adapter.hasTag(tag),
    rowTest: sql<boolean>`exists (select 1 from ${adapter.jsonElements(sql.ref("models.tags"))} where t.value = ${tag})`,
  }));
  if (query.search !== undefined) {
    out.push(searchCondition(db, adapter, query.search, part));
  }
  return out;
}

// The pks of a candidate set when it has at most `limit` rows, else null. Fetching (not counting) lets a small set
// drive the page without running its query twice.
async function smallSet(db: Kysely<HubDatabase>, candidates: PkQuery, limit: number): Promise<number[] | null> {
  const rows = await db
    .selectFrom(candidates.limit(limit + 1).as("c"))
    .select("c.pk")
    .execute();
  return rows.length <= limit ? rows.map((r) => r.pk) : null;
}

/** The first small candidate set, which then drives the scan; null when every set is large. */
export async function drivingSet(
  db: Kysely<HubDatabase>,
  conds: Condition[],
  limit = DRIVING_SET_LIMIT,
): Promise<number[] | null> {
  for (const cond of conds) {
    const set = cond.candidates ? await smallSet(db, cond.candidates, limit) : null;
    if (set) return set;
  }
  return null;
}

/** The equality filters of `query`. */
export function equalitiesOf(query: ListQuery): Equality[] {
  const out: Equality[] = [];
  if (query.author !== undefined) out.push(["author", query.author]);
  if (query.library !== undefined) out.push(["library_name", query.library]);
  if (query.pipelineTag !== undefined) out.push(["pipeline_tag", query.pipelineTag]);
  return out;
}
