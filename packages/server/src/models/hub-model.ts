import type { ModelRecord } from "@modelhub/snippets";

/** A model record as the hub stores and serves it: namespace, tags, counters and dates always present. */
export type HubModel = ModelRecord &
  Required<Pick<ModelRecord, "author" | "tags" | "downloads" | "likes" | "lastModified" | "createdAt">> & {
    /** Every download counted by the hub (read only); absent until the first one is counted. */
    downloadsAllTime?: number;
    /** True when only the namespace's members see the model; a setting kept beside the record (absent = public). */
    private?: boolean;
  };

/** One row of `GET /api/models`: the list fields of a model, null where the record has none. */
export interface ModelSummary {
  /** `namespace/name`. */
  id: string;
  /** The namespace. */
  author: string;
  /** The library the model is made for, or null. */
  library_name: string | null;
  /** The task, or null. */
  pipeline_tag: string | null;
  /** Free tags. */
  tags: string[];
  /** Downloads in the last 30 days. */
  downloads: number;
  /** Likes. */
  likes: number;
  /** ISO date of the last change. */
  lastModified: string;
}
