// Rows of `GET /api/models` as the field's clients read them: every row has `_id` and `id`; `expand` gives only the
// named fields (unknown names are ignored), `full` the whole info with siblings and sha, `config` and `cardData` add
// those fields to the summary.
import type { HubModel, ModelSummary } from "../models/hub-model.js";
import type { ModelRepos } from "../repos/model-repos.js";
import type { ListExtras } from "../validation/list-query.js";
import { cardDataOf, modelInfo, modelObjectId } from "./model-info.js";

/** What expanding rows reads. */
export interface ListRowDeps {
  /** Records (cached). */
  getModel(id: string): Promise<HubModel | null>;
  /** Repositories (sha, siblings, card data), when the hub keeps files. */
  repos: ModelRepos | null;
}

/** True when rows need more than the summary. */
export function needsExpansion(extras: ListExtras): boolean {
  return extras.expand.length > 0 || extras.full || extras.config || extras.cardData;
}

async function infoOf(deps: ListRowDeps, summary: ModelSummary, extras: ListExtras): Promise<Record<string, unknown>> {
  const model = await deps.getModel(summary.id);
  if (!model) return { _id: modelObjectId(summary.id), ...summary };
  const { repos } = deps;
  const head = repos ? await repos.resolve(model.id, "main") : null;
  const snapshot = repos && head ? await repos.snapshot(model.id, head) : null;
  const wantsCard = extras.full || extras.cardData || extras.expand.includes("cardData");
  const cardData = wantsCard && repos && snapshot ? await cardDataOf(repos, model.id, snapshot) : null;
  return modelInfo({ model, snapshot, cardData, blobs: false, expand: [] });
}

/** The rows of one page with nothing expanded: each summary with its `_id`. */
export function summaryRows(items: readonly ModelSummary[]): Record<string, unknown>[] {
  return items.map((item) => ({ _id: modelObjectId(item.id), ...item }));
}

/** The rows of one page. */
export async function listRows(
  deps: ListRowDeps,
  items: readonly ModelSummary[],
  extras: ListExtras,
): Promise<Record<string, unknown>[]> {
  if (!needsExpansion(extras)) return summaryRows(items);
  return Promise.all(
    items.map(async (item) => {
      const info = await infoOf(deps, item, extras);
      if (extras.full) return info;
      const row: Record<string, unknown> =
        extras.expand.length > 0 ? { _id: info._id, id: info.id } : { _id: info._id, ...item };
      const keys = [...extras.expand, ...(extras.config ? ["config"] : []), ...(extras.cardData ? ["cardData"] : [])];
      for (const key of keys) if (key in info) row[key] = info[key];
      return row;
    }),
  );
}
