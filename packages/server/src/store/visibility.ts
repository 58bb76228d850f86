// Which models a reader may see: every public one, plus the private ones of the namespaces it belongs to. Lists test
// the condition per row; counts subtract the few private models the reader may not see from the full figures.
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import type { Counted, Visibility } from "./store.js";

/** What a reader who is not signed in sees: public models only. */
export const PUBLIC_ONLY: Visibility = { namespaces: [] };

/**
 * The condition on `models` rows a reader may see, or null when it sees all of them. It is tested on each row, never
 * answered from the (private, author) index: nearly every model is public, so that index would hand the planner
 * every row to sort (SQLite took it over the sort's own index: a tag page by likes read a million rows).
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

/** The private models `visibility` hides, as a query over the (private, author) index; null when none is hidden. */
export function hiddenModels(db: Kysely<HubDatabase>, visibility: Visibility = PUBLIC_ONLY) {
  if ("all" in visibility) return null;
  const q = db.selectFrom("models").where("models.private", "=", 1);
  return visibility.namespaces.length === 0 ? q : q.where("models.author", "not in", visibility.namespaces);
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
