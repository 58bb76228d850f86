// A Store decorator that keeps recently read records and counts in memory. Its own writes clear it at once; writes
// of other hub processes arrive through the change feed (PostgreSQL NOTIFY); other writers (an import) show once
// entries expire.
import { ALL_CHANGED, type CacheChange, type ChangeFeed, changeOf } from "../changes/change-feed.js";
import type { HubModel } from "../models/hub-model.js";
import type { Counted, ListTotals, ModelPage, Store } from "../store/store.js";
import { visibilityKey } from "../store/visibility.js";
import { createLruCache, type LruCache } from "./lru-cache.js";

/** How much to cache and for how long. */
export interface ReadCacheOptions {
  /** Records kept. */
  maxModels: number;
  /** Lifetime of a cached record, in ms. */
  modelTtlMs: number;
  /** Lifetime of cached counts (libraries, tasks, tags, total), in ms. */
  countTtlMs: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** List pages kept, and the largest page size kept: at most a few megabytes of pages. */
const MAX_CACHED_PAGES = 500;
const MAX_CACHED_PAGE_SIZE = 100;

/** Defaults: a few thousand records and pages for seconds, counts for a minute. */
export const DEFAULT_READ_CACHE: ReadCacheOptions = { maxModels: 5_000, modelTtlMs: 5_000, countTtlMs: 60_000 };

/** A store with a read cache, which also answers from the cache alone. */
export interface CachedStore extends Store {
  /** The record of `id` while the cache holds it (null: known missing), undefined when only the store can tell. */
  cachedModel(id: string): HubModel | null | undefined;
}

/**
 * `store` with a read cache in front of `getModel` and the counts. With `changes`, every write is published there
 * and what other processes publish is forgotten here.
 */
export function withReadCache(
  store: Store,
  options: ReadCacheOptions = DEFAULT_READ_CACHE,
  changes: ChangeFeed | null = null,
): CachedStore {
  const clock = options.now ? { now: options.now } : {};
  const models = createLruCache<string, HubModel | null>({
    max: options.maxModels,
    ttlMs: options.modelTtlMs,
    ...clock,
  });
  const counts = createLruCache<string, Counted[] | number>({ max: 64, ttlMs: options.countTtlMs, ...clock });
  // Totals of filtered lists change with every write, like pages: kept as long as pages.
  const totals = createLruCache<string, ListTotals>({ max: MAX_CACHED_PAGES, ttlMs: options.modelTtlMs, ...clock });
  const pages = createLruCache<string, ModelPage>({ max: MAX_CACHED_PAGES, ttlMs: options.modelTtlMs, ...clock });
  // A read that started before a write must not store what it read after the write cleared the cache.
  let generation = 0;

  async function remember<C, T extends C>(cache: LruCache<string, C>, key: string, read: () => Promise<T>): Promise<T> {
    const hit = cache.get(key) as T | undefined;
    if (hit !== undefined) return hit;
    const started = generation;
    const value = await read();
    if (started === generation) cache.set(key, value);
    return value;
  }

  // A model's record goes, under any spelling of its id (lookups may ignore case); every list and count may hold it.
  function forget(change: CacheChange): void {
    generation++;
    if ("all" in change) models.clear();
    else {
      const ids = new Set(change.models.map((id) => id.toLowerCase()));
      models.deleteWhere((key) => ids.has(key.toLowerCase()));
    }
    counts.clear();
    pages.clear();
    totals.clear();
  }
  changes?.subscribe(forget);

  // Even a failed write is told: it may have committed before failing (a lost connection after COMMIT).
  async function write<T>(change: CacheChange, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } finally {
      forget(change);
      await changes?.publish(change);
    }
  }
  const one = (id: string): CacheChange => ({ models: [id] });

  return {
    dialect: store.dialect,
    // Popular pages (the home list, a library's first page) are asked for again and again; big pages are not kept.
    listModels: (query) =>
      query.limit <= MAX_CACHED_PAGE_SIZE
        ? remember(pages, JSON.stringify(query), () => store.listModels(query))
        : store.listModels(query),
    getModel: (id) => remember(models, id, () => store.getModel(id)),
    cachedModel: (id) => models.get(id),
    createModel: (model) => write(one(model.id), () => store.createModel(model)),
    replaceModel: (model) => write(one(model.id), () => store.replaceModel(model)),
    deleteModel: (id) => write(one(id), () => store.deleteModel(id)),
    upsertModels: (list) => write(changeOf(list.map((m) => m.id)), () => store.upsertModels(list)),
    upsertRows: (rows) => write(changeOf(rows.map((r) => r.id)), () => store.upsertRows(rows)),
    async startBulkLoad(mode) {
      const load = await write(ALL_CHANGED, () => store.startBulkLoad(mode));
      if (!load) return null;
      return {
        upsert: (rows) => write(changeOf(rows.map((r) => r.id)), () => load.upsert(rows)),
        finish: () => write(ALL_CHANGED, () => load.finish()),
      };
    },
    countModels: (v) => remember(counts, `models:${visibilityKey(v)}`, () => store.countModels(v)),
    countLibraries: (v) => remember(counts, `libraries:${visibilityKey(v)}`, () => store.countLibraries(v)),
    countPipelines: (v) => remember(counts, `pipelines:${visibilityKey(v)}`, () => store.countPipelines(v)),
    topTags: (limit, v) => remember(counts, `tags:${limit}:${visibilityKey(v)}`, () => store.topTags(limit, v)),
    setPrivate: (id, isPrivate) => write(one(id), () => store.setPrivate(id, isPrivate)),
    listTotals: (filters, tagLimit) =>
      remember(totals, JSON.stringify([filters, tagLimit]), () => store.listTotals(filters, tagLimit)),
    // Files: reads go to the store (one key lookup each); writes change siblings or downloads, so they clear.
    listFiles: (id) => store.listFiles(id),
    getFile: (id, path) => store.getFile(id, path),
    blobInUse: (sha256) => store.blobInUse(sha256),
    blobsInUse: (sha256s) => store.blobsInUse(sha256s),
    putFile: (id, file, update) => write(one(id), () => store.putFile(id, file, update)),
    deleteFile: (id, path, now) => write(one(id), () => store.deleteFile(id, path, now)),
    replaceModelFiles: (model, files) => write(one(model.id), () => store.replaceModelFiles(model, files)),
    indexRepository: (id, update, record) => write(one(id), () => store.indexRepository(id, update, record)),
    indexedRepositories: () => store.indexedRepositories(),
    indexedHead: (id) => store.indexedHead(id),
    lfsObjectsOf: (id) => store.lfsObjectsOf(id),
    unsearchedCards: () => store.unsearchedCards(),
    setCardWords: (id, words) => write(changeOf([id]), () => store.setCardWords(id, words)),
    addDownloads: (increments, windowStart) =>
      write(changeOf(increments.map((i) => i.modelId)), () => store.addDownloads(increments, windowStart)),
    refreshDownloads: (windowStart) => write(ALL_CHANGED, () => store.refreshDownloads(windowStart)),
    moveModel: (from, to) => write(changeOf([from, to]), () => store.moveModel(from, to)),
    redirectOf: (id) => store.redirectOf(id),
    dropRedirect: (id) => store.dropRedirect(id),
    redirects: () => store.redirects(),
    lfsObjectsOwned: (id, oids) => store.lfsObjectsOwned(id, oids),
    addLfsObject: (id, sha256) => store.addLfsObject(id, sha256),
    accounts: store.accounts,
    cards: store.cards,
    close: () => store.close(),
  };
}
