// Model repositories on the app: file routes, downloads counted in batches, the rendered card.
// app.ts calls `registerRepository` once; this file only wires the parts.
import type { FastifyInstance } from "fastify";
import { redirectIfMoved } from "../accounts/model-redirects.js";
import { accountsRepoAccess } from "../accounts/repo-access.js";
import type { BlobStore } from "../blobs/blob-store.js";
import { LocalBlobStore } from "../blobs/local-blob-store.js";
import { createCardRenderPool, DEFAULT_CARD_RENDER_TIMEOUT_MS } from "../card/card-render-pool.js";
import { createCardService } from "../card/card-service.js";
import { MAX_METADATA_FILE_BYTES } from "../card/metadata-files.js";
import { createDownloadCounter } from "../downloads/download-counter.js";
import { downloadWindowStart } from "../downloads/download-day.js";
import { createDownloadRules } from "../downloads/download-rules.js";
import { createFileService, type FileService } from "../files/file-service.js";
import { createKeyedLock, type KeyedLock } from "../files/keyed-lock.js";
import type { PublicOrigin } from "../http/public-origin.js";
import { registerCompareRoute } from "../protocol/compare-route.js";
import { registerFormBody } from "../protocol/form-body.js";
import type { LfsOwnership } from "../protocol/lfs-ownership.js";
import { registerReadRoutes } from "../protocol/read-routes.js";
import { registerProtocol } from "../protocol/register-protocol.js";
import { registerResolveRoutes } from "../protocol/resolve-routes.js";
import type { ModelRepos } from "../repos/model-repos.js";
import { reindexFromGit } from "../repos/repo-index.js";
import type { Store } from "../store/store.js";
import { registerCardRoute } from "./model-card.js";
import { registerFileRoutes } from "./model-files.js";

/** How often the 30-day download figures move on to a new day. */
const WINDOW_REFRESH_MS = 60 * 60 * 1000;

/** What repositories need from the app. */
export interface RepositoryOptions {
  /** Records, files and download counts. */
  store: Store;
  /** LFS objects. */
  blobs: BlobStore;
  /** The git repositories. */
  repos: ModelRepos;
  /** The hub's origin for `Link` headers. */
  origin: PublicOrigin;
  /** Largest accepted file, in bytes. */
  maxUploadBytes: number;
  /** Longest wait before counted downloads are written (default 1000 ms). */
  downloadFlushMs?: number;
  /** Clock. */
  now: () => Date;
  /** The secret LFS action links are signed with (the admin token: every worker and restart agrees on it). */
  signingSecret: string;
  /** MODELHUB_PUBLIC_URL: the base of LFS action links (else the address each connection reached). */
  publicUrl?: string | null;
  /** Origins card images may load from besides the hub. */
  cardImageOrigins?: readonly string[];
  /** Longest rendering of one card, in ms (MODELHUB_CARD_RENDER_TIMEOUT_MS); a slower card is "too large". */
  cardRenderTimeoutMs?: number;
  /** Per-model and per-blob locks shared with other hub processes; absent: this process's own. */
  locks?: { models: KeyedLock; blobs: KeyedLock } | null;
}

const fileServices = new WeakMap<FastifyInstance, FileService>();

/** The file service of an app built with repositories (the demo catalog commits its files through it). */
export function fileServiceOf(app: FastifyInstance): FileService | undefined {
  return fileServices.get(app);
}

/** What the repository routes give the rest of the app. */
export interface Repository {
  /** The file service (model deletes and the write protocol use it). */
  files: FileService;
  /** Which LFS objects each repository owns (the JSON commit checks pointers with it). */
  lfsOwnership: LfsOwnership;
}

/** Registers the repository routes and the download counter. */
export async function registerRepository(app: FastifyInstance, options: RepositoryOptions): Promise<Repository> {
  const { store, now } = options;
  // One write lock per model for commits and pushes alike, so index updates land in commit order.
  const writes = options.locks?.models ?? createKeyedLock();
  // One worker renders every card, off the event loop, each within the time budget.
  const pool = createCardRenderPool({
    timeoutMs: options.cardRenderTimeoutMs ?? DEFAULT_CARD_RENDER_TIMEOUT_MS,
    maxBytes: MAX_METADATA_FILE_BYTES,
  });
  const cards = createCardService({
    cards: store.cards,
    pool,
    imageOrigins: options.cardImageOrigins ?? [],
    maxBytes: MAX_METADATA_FILE_BYTES,
    now: () => new Date(),
  });
  const onCardProblem = (model: string, error: unknown) =>
    app.log.warn({ model, err: error }, "card not rendered at commit; it renders on request");
  const files = createFileService({
    store,
    blobs: options.blobs,
    repos: options.repos,
    lock: options.locks?.blobs ?? createKeyedLock(),
    writes,
    now,
    maxUploadBytes: options.maxUploadBytes,
    onCleanupError: (error) => app.log.warn({ err: error }, "unused blob not removed"),
    onGgufProblem: (model, path, reason) => app.log.warn({ model, path, reason }, "GGUF metadata not read"),
    cards,
    onCardProblem,
  });
  const counter = createDownloadCounter({
    write: (increments) => store.addDownloads(increments, downloadWindowStart(now())),
    onError: (error) => app.log.error({ err: error }, "download counts not written yet; retrying"),
    ...(options.downloadFlushMs === undefined ? {} : { flushIntervalMs: options.downloadFlushMs }),
    now,
  });
  const refresh = (): Promise<void> =>
    store.refreshDownloads(downloadWindowStart(now())).catch((error: unknown) => {
      app.log.error({ err: error }, "download window not refreshed");
    });
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await refresh();
    timer = setInterval(() => void refresh(), WINDOW_REFRESH_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await counter.close();
    await options.repos.close();
    await pool.close();
  });

  await registerFileRoutes(app, { files });
  const rules = createDownloadRules();
  const getModel = (id: string) => store.getModel(id);
  registerReadRoutes(app, { getModel, repos: options.repos, origin: options.origin });
  registerCompareRoute(app, { getModel, repos: options.repos });
  await registerFormBody(app);
  registerResolveRoutes(app, {
    getModel: (id) => store.getModel(id),
    repos: options.repos,
    blobs: options.blobs,
    rules,
    counter,
  });
  registerCardRoute(app, { files, cards, getModel });
  fileServices.set(app, files);
  // An LFS object fetched through git-lfs counts when a file of main holding it matches the library's query.
  const countLfsDownload = async (id: string, oid: string): Promise<void> => {
    const [model, listed] = await Promise.all([store.getModel(id), store.listFiles(id)]);
    if (listed?.some((file) => file.sha256 === oid && rules.counts(model?.library_name, file.path))) counter.record(id);
  };
  const repos = options.repos;
  const lfsOwnership = await registerProtocol(app, {
    repos,
    blobs: options.blobs,
    lfsIndex: {
      owned: (id, oids) => store.lfsObjectsOwned(id, oids),
      all: (id) => store.lfsObjectsOf(id),
      claim: (id, oid) => store.addLfsObject(id, oid),
    },
    access: accountsRepoAccess(store),
    modelExists: async (id) => (await store.getModel(id)) !== null,
    redirect: (request, reply, id) => redirectIfMoved(store, request, reply, id),
    signingSecret: options.signingSecret,
    publicUrl: options.publicUrl ?? null,
    maxUploadBytes: options.maxUploadBytes,
    now,
    onLfsDownload: (id, oid) =>
      void countLfsDownload(id, oid).catch((error: unknown) =>
        app.log.warn({ err: error }, "LFS download not counted"),
      ),
    // The push hook checks LFS pointers against the object files, so pushes need the blob store on local disk.
    ...(options.blobs instanceof LocalBlobStore
      ? {
          push: {
            blobsRoot: options.blobs.root,
            maxPushBytes: options.maxUploadBytes,
            afterPush: (id: string) => reindexFromGit({ repos, store, lock: writes, cards, onCardProblem }, id),
          },
        }
      : {}),
  });
  return { files, lfsOwnership };
}
