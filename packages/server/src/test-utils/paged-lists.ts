// Lists read page after page on a planned SQLite hub, against the oracle: the same pages read without posting lists.
import type { DialectAdapter } from "../db/dialect-adapter.js";
import { sqliteAdapter } from "../db/sqlite/sqlite-adapter.js";
import { listModels } from "../store/list-models.js";
import type { ListQuery } from "../store/store.js";
import type { PlannedSqlite } from "./planned-sqlite.js";

/** The SQLite adapter as if it kept no posting lists: the walks and candidate sets of list-walk.ts. */
export const walkingSqlite: DialectAdapter = {
  ...sqliteAdapter,
  matchingModels: async () => null,
  searchingModels: async () => null,
};

/**
 * Every id of `query` on `hub`, page after page through `next`, and whether any statement of any page had parameters
 * `marked` keeps (a bound that shows how a page was read).
 */
export async function everyPage(
  hub: PlannedSqlite,
  query: ListQuery,
  adapter: DialectAdapter = sqliteAdapter,
  marked: (parameters: readonly unknown[]) => boolean = () => false,
): Promise<{ ids: string[]; marked: boolean }> {
  const ids: string[] = [];
  let seen = false;
  let after = query.after;
  for (;;) {
    hub.statements.length = 0;
    const page = await listModels(hub.db, adapter, { ...query, ...(after ? { after } : {}) });
    seen ||= hub.statements.some((s) => marked(s.parameters));
    ids.push(...page.items.map((m) => m.id));
    if (!page.next) return { ids, marked: seen };
    after = page.next;
  }
}
