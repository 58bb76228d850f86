// The model list with a search: models whose id holds the term come first, in the list's order (the id search's own
// query and plans, unchanged), then models whose card holds the term's words, in the same order. A position records
// which of the two parts it is in, so pages continue (and go back) across the seam.
import type { Kysely } from "kysely";
import { searchWords } from "../card/card-words.js";
import type { DialectAdapter } from "../db/dialect-adapter.js";
import type { HubDatabase } from "../db/schema.js";
import { listModels } from "./list-models.js";
import type { ListPosition, ListQuery, ModelPage } from "./store.js";

type Part = "id" | "card";

// `position` as the part's own query reads it (no part), and as the list's cursor records it.
function bare({ value, seq }: ListPosition): ListPosition {
  return { value, seq };
}
function marked(position: ListPosition | null, part: Part): ListPosition | null {
  return position && (part === "card" ? { ...bare(position), part } : bare(position));
}

/** One page of models matching `query`: id matches first, then card matches; read backwards when asked. */
export async function listSearchPage(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  query: ListQuery,
): Promise<ModelPage> {
  const { backwards, after, ...forward } = query;
  const base: ListQuery = backwards ? { ...forward, direction: query.direction === 1 ? -1 : 1 } : forward;
  if (query.search === undefined || searchWords(query.search).length === 0) {
    const { items, next, first } = await listModels(db, adapter, after ? { ...base, after: bare(after) } : base);
    return { items, next, first };
  }

  const parts: Part[] = backwards ? ["card", "id"] : ["id", "card"];
  const start = after ? parts.indexOf(after.part ?? "id") : 0;
  const items: ModelPage["items"] = [];
  let first: ListPosition | null = null;
  let last: ListPosition | null = null;
  for (let i = start; i < parts.length; i++) {
    const part = parts[i] as Part;
    if (items.length === query.limit) {
      // The page is full and the part before ended with it: a next page exists if this part has any row.
      const probe = await listModels(db, adapter, { ...base, limit: 1 }, part);
      return { items, first, next: probe.items.length > 0 ? last : null };
    }
    const from = i === start && after ? { after: bare(after) } : {};
    const page = await listModels(db, adapter, { ...base, ...from, limit: query.limit - items.length }, part);
    items.push(...page.items);
    first ??= marked(page.first, part);
    if (page.next) return { items, first, next: marked(page.next, part) };
    last = marked(page.end, part) ?? last;
  }
  return { items, first, next: null };
}
