// Which models a reader may see: every public one, plus the private ones of the namespaces it belongs to. Lists test
// the condition per row; counts subtract the few private models the reader may not see from the full figures.
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import type { Counted, Visibility } from "./store.js";

/** What a reader who is not signed in sees: public models only. */
export const PUBLIC_ONLY: Visibility = { namespaces: [] };

/**
 * The condition on `models` rows a reader may see, or null when it sees all of them. It is tested on each row: an index
 * of the flag would hand the planner every public row to sort (SQLite took the former (private, author) index over the
 * sort's own: a tag page by likes read a million rows).
 */
export function visibleCondition(
  adapter: DialectAdapter,
  visibility: Visibility = PUBLIC_ONLY,
): Expression<SqlBool> | null {
  if ("all" in visibility) return null;
  const namespaces = visibility.namespaces;
  const isPublic = sql<boolean>`${adapter.unindexed(sql.ref("models.private"))} = 0`;
  if (namespaces.length === 0) return isPublic;
  return sql<boolean>`(${isPublic} or ${adapter.unindexed(sql.ref("models.author"))} in (${sql.join(namespaces)}))`;
}

/** A list's visibility condition (null: none), and whether testing it reads the row. */
export interface VisibleTest {
  condition: Expression<SqlBool> | null;
  readsRow: boolean;
}

/** Most hidden models a list excludes by key (past it, each row is tested). */
export const HIDDEN_KEYS_LIMIT = 1_000;

/**
 * The condition on `models` rows a reader may see, for a list: usually the few private models it may not see
 * excluded by key (a walk tests that from any index, without reading the row), null when there are none. The list
 * checks its page against `mayRead` afterwards: a model turned private between the two statements sends it back to
 * `visibleCondition`.
 */
export async function visibleByKeys(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  visibility: Visibility = PUBLIC_ONLY,
): Promise<VisibleTest> {
  const hidden = hiddenModels(db, visibility);
  if (!hidden) return { condition: null, readsRow: false };
  const rows = await hidden
    .select("models.pk")
    .limit(HIDDEN_KEYS_LIMIT + 1)
    .execute();
  if (rows.length === 0) return { condition: null, readsRow: false };
  if (rows.length > HIDDEN_KEYS_LIMIT) return { condition: visibleCondition(adapter, visibility), readsRow: true };
  const pks = rows.map((r) => r.pk);
  return {
    condition: sql<boolean>`${adapter.unindexed(sql.ref("models.pk"))} not in (${sql.join(pks)})`,
    readsRow: false,
  };
}

/** True when a reader with `visibility` may see the model of `row`. */
export function mayRead(row: { private: number; author: string }, visibility: Visibility = PUBLIC_ONLY): boolean {
  return "all" in visibility || Number(row.private) === 0 || visibility.namespaces.includes(row.author);
}

/**
 * The private models `visibility` hides, as a query over the index of private models (model-index-ddl.ts
 * VISIBILITY_INDEX); null when none is hidden. The flag is a literal: a planner uses a partial index only for a
 * condition it can see implies the index's.
 */
export function hiddenModels(db: Kysely<HubDatabase>, visibility: Visibility = PUBLIC_ONLY) {
  if ("all" in visibility) return null;
  const q = db.selectFrom("models").where("models.private", "=", sql.lit(1));
  return visibility.namespaces.length === 0 ? q : q.where("models.author", "not in", visibility.namespaces);
}

/** The keys of the private models `visibility` hides, when at most `limit`; null past it. */
export async function hiddenKeys(
  db: Kysely<HubDatabase>,
  visibility: Visibility | undefined,
  limit: number,
): Promise<number[] | null> {
  const hidden = hiddenModels(db, visibility);
  if (!hidden) return [];
  const rows = await hidden
    .select("models.pk")
    .limit(limit + 1)
    .execute();
  return rows.length > limit ? null : rows.map((r) => r.pk);
}

/** `counts` less `hidden` (both by value), dropping values left at 0, most first then by value. */
export function subtractCounted(counts: readonly Counted[], hidden: ReadonlyMap<string, number>): Counted[] {
  if (hidden.size === 0) return [...counts];
  return counts
    .map((c) => ({ id: c.id, count: c.count - (hidden.get(c.id) ?? 0) }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The cache key of a visibility. */
export function visibilityKey(visibility: Visibility = PUBLIC_ONLY): string {
  return "all" in visibility ? "*" : [...visibility.namespaces].sort().join(",");
}
