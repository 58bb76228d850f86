// The demo catalog's repository files, uploaded at the first start through the same path as any upload (the HTTP
// route, in process), so they are stored, indexed and read back exactly as a user's files would be.
import type { FastifyInstance } from "fastify";
import type { HubModel } from "../models/hub-model.js";
import { fileServiceOf } from "../routes/repository.js";
import type { Store } from "../store/store.js";
import { DEMO_CATALOG_PATH } from "./catalog-path.js";
import { demoFiles } from "./demo-files/demo-files.js";
import { readLines } from "./read-lines.js";

/** The record fields the files are made from, as the catalog holds them. */
type CatalogRecord = Parameters<typeof demoFiles>[0] & { lastModified?: string };

// Models whose files upload at once: the uploads wait on fsync, so a few in flight keep the disk busy.
const PARALLEL_MODELS = 8;

// One commit per model: every demo file of the model, dated at the model's last change, so the catalog keeps
// plausible dates instead of "updated today". The date is passed with the commit, not through an AsyncLocalStorage
// clock: on Node 20 and 22 a storage once run keeps async hooks on for the process's life, which costs every promise
// of every request afterwards (a few µs per request).
async function uploadAll(app: FastifyInstance, record: CatalogRecord): Promise<number> {
  const service = fileServiceOf(app);
  if (!service) throw new Error("the demo files need a hub with repositories");
  const files = demoFiles(record);
  const date = record.lastModified ? new Date(record.lastModified) : new Date();
  await service.commitFiles(record.id, files, { title: "Add the demo model's files", date });
  return files.length;
}

const CURATED = ["library_name", "pipeline_tag", "tags", "config", "transformersInfo", "widgetData"] as const;

async function restoreCurated(store: Store, record: CatalogRecord): Promise<void> {
  const current = await store.getModel(record.id);
  if (!current) return;
  const restored: Record<string, unknown> = { ...current };
  const source = record as unknown as Record<string, unknown>;
  for (const field of CURATED) {
    if (source[field] === undefined) delete restored[field];
    else restored[field] = source[field];
  }
  await store.replaceModel(restored as unknown as HubModel);
}

/**
 * Uploads every demo model's files through `app`'s upload route, then puts back the catalog's curated fields
 * (through `store`, the app's own storage); returns how many files were stored.
 */
export async function loadDemoFiles(
  app: FastifyInstance,
  store: Store,
  _adminToken: string,
  path: string = DEMO_CATALOG_PATH,
): Promise<number> {
  const records: CatalogRecord[] = [];
  for await (const line of readLines(path)) if (line.trim() !== "") records.push(JSON.parse(line) as CatalogRecord);
  let next = 0;
  let uploaded = 0;
  const worker = async () => {
    while (next < records.length) {
      const record = records[next++] as CatalogRecord;
      uploaded += await uploadAll(app, record);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_MODELS }, worker));
  for (const record of records) await restoreCurated(store, record);
  return uploaded;
}
