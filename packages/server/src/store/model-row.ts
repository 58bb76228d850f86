// Between a HubModel and its row: list fields become columns, the rest one JSON text.
import type { Insertable, Selectable } from "kysely";
import type { ModelsTable } from "../db/schema.js";
import type { HubModel, ModelSummary } from "../models/hub-model.js";

/** The columns a list row reads: no JSON blob; `created_at` only to continue a page sorted by it. */
export const SUMMARY_COLUMNS = [
  "pk",
  "id",
  "author",
  "library_name",
  "pipeline_tag",
  "tags",
  "downloads",
  "likes",
  "last_modified",
  "created_at",
] as const;

/** A row as the list query reads it. */
export type SummaryRow = Pick<Selectable<ModelsTable>, (typeof SUMMARY_COLUMNS)[number]>;

/** The row that stores `model`. */
export function toRow(model: HubModel): Insertable<ModelsTable> {
  // `downloadsAllTime` is counted by the hub, never stored from a record.
  // One rest copy, not two (4.4 µs a row against 5.0 with both JSON texts, which an import makes per record).
  const {
    id,
    author,
    library_name,
    pipeline_tag,
    tags,
    downloads,
    likes,
    lastModified,
    createdAt,
    downloadsAllTime: _counted,
    private: isPrivate,
    ...rest
  } = model;
  return {
    id,
    author,
    library_name: library_name ?? null,
    pipeline_tag: pipeline_tag ?? null,
    tags: JSON.stringify(tags),
    downloads,
    likes,
    last_modified: lastModified,
    created_at: createdAt,
    data: JSON.stringify(rest),
    // Visibility is a setting: a record without the flag (an import, a replace) leaves the stored one alone.
    ...(isPrivate === undefined ? {} : { private: isPrivate ? 1 : 0 }),
  };
}

/** The record stored in `row`. */
export function fromRow(row: Selectable<ModelsTable>): HubModel {
  const rest = JSON.parse(row.data) as Omit<HubModel, keyof ModelSummary | "createdAt">;
  return {
    id: row.id,
    author: row.author,
    ...(row.library_name === null ? {} : { library_name: row.library_name }),
    ...(row.pipeline_tag === null ? {} : { pipeline_tag: row.pipeline_tag }),
    tags: JSON.parse(row.tags) as string[],
    downloads: row.downloads,
    likes: row.likes,
    lastModified: row.last_modified,
    createdAt: row.created_at,
    ...rest,
    // Only a model the hub has counted downloads of has an all-time figure; `downloads` is then the counted one too.
    ...(Number(row.downloads_all_time) > 0 ? { downloadsAllTime: Number(row.downloads_all_time) } : {}),
    ...(Number(row.private) === 1 ? { private: true } : {}),
  };
}

/** The list item of `row`. */
export function toSummary(row: SummaryRow): ModelSummary {
  return {
    id: row.id,
    author: row.author,
    library_name: row.library_name,
    pipeline_tag: row.pipeline_tag,
    tags: JSON.parse(row.tags) as string[],
    downloads: row.downloads,
    likes: row.likes,
    lastModified: row.last_modified,
  };
}
