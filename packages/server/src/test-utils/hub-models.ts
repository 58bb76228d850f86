// Model records for tests: complete HubModels with predictable values.
import type { HubModel } from "../models/hub-model.js";

/** A complete record for `id`; `overrides` replace fields. */
export function hubModel(id: string, overrides: Partial<HubModel> = {}): HubModel {
  const author = id.split("/")[0] ?? id;
  return {
    id,
    author,
    tags: [],
    downloads: 0,
    likes: 0,
    lastModified: "2024-01-01T00:00:00.000Z",
    createdAt: "2023-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** `count` records `ns/model-0000`… with distinct downloads, likes and dates derived from the index. */
export function numberedModels(ns: string, count: number, overrides: Partial<HubModel> = {}): HubModel[] {
  return Array.from({ length: count }, (_, i) =>
    hubModel(`${ns}/model-${String(i).padStart(4, "0")}`, {
      downloads: (i * 7919) % 1000,
      likes: (i * 104729) % 97,
      lastModified: new Date(Date.UTC(2024, 0, 1) + ((i * 31) % 500) * 3_600_000).toISOString(),
      createdAt: new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString(),
      ...overrides,
    }),
  );
}
