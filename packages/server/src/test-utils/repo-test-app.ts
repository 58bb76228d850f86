// A real hub with repositories (files on disk under a temporary data folder) for API tests through HTTP.
import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createApp } from "../app.js";
import { LocalBlobStore } from "../blobs/local-blob-store.js";
import { DEFAULT_MAX_UPLOAD_MS } from "../blobs/orphan-sweep.js";
import { sweepOrphanBlobsOnStart } from "../blobs/sweep-on-start.js";
import { closeApp } from "../http/close-app.js";
import type { HubModel } from "../models/hub-model.js";
import { openGitModelRepos } from "../repos/git-model-repos.js";
import type { ModelRepos } from "../repos/model-repos.js";
import { repairIndexOnStart } from "../repos/repair-on-start.js";
import { reposRoot } from "../repos/repo-layout.js";
import { openStore } from "../store/open-store.js";
import type { Store } from "../store/store.js";
import { TEST_TOKEN, UNLIMITED_AUTH } from "./test-app.js";

/** Timeout of hooks that start or stop a hub: on a loaded machine that can pass vitest's 10 s default. */
export const APP_HOOK_TIMEOUT_MS = 60_000;

/** A running hub with repositories. */
export interface RepoTestApp {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The store behind the app (no cache): what the database really holds. */
  store: Store;
  /** The blob store the app writes to. */
  blobs: LocalBlobStore;
  /** The git repositories the app writes to. */
  repos: ModelRepos;
  /** The data folder (blobs under `blobs/`). */
  dataDir: string;
  /** fetch() against the app. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** fetch() with the admin token. */
  admin(path: string, init?: RequestInit): Promise<Response>;
  /** Every file under the blobs folder, temporary ones included, relative to it. */
  blobFiles(): Promise<string[]>;
  /** Stops the app and removes its data. */
  close(): Promise<void>;
}

/** Options of a repository test hub. */
export interface RepoTestOptions {
  /** Models stored before the app starts. */
  models?: HubModel[];
  /** Largest upload. */
  maxUploadBytes?: number;
  /** Longest wait before counted downloads are written. */
  downloadFlushMs?: number;
  /** Time budget of one card rendering, in ms. */
  cardRenderTimeoutMs?: number;
  /** Longest upload: unreferenced blobs older than this are swept at start (default 24 h). */
  maxUploadMs?: number;
}

/** Every file under `root`, relative to it. */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}

/** A hub with repositories over `dataDir` (SQLite file and blobs inside), built but not listening. */
export async function openRepoHub(dataDir: string, options: RepoTestOptions = {}) {
  const store = await openStore({ dbPath: join(dataDir, "hub.db") });
  if (options.models?.length) await store.upsertModels(options.models);
  const blobs = await LocalBlobStore.open(dataDir);
  const repos = await openGitModelRepos(reposRoot(dataDir));
  const repair = await repairIndexOnStart(store, repos, () => undefined);
  const swept = await sweepOrphanBlobsOnStart(
    store,
    repos,
    blobs,
    options.maxUploadMs ?? DEFAULT_MAX_UPLOAD_MS,
    () => undefined,
  );
  const app = await createApp({
    store,
    adminToken: TEST_TOKEN,
    failedAuthLimit: UNLIMITED_AUTH,
    blobs,
    repos,
    maxUploadBytes: options.maxUploadBytes ?? 10 * 1024 * 1024,
    downloadFlushMs: options.downloadFlushMs ?? 20,
    ...(options.cardRenderTimeoutMs === undefined ? {} : { cardRenderTimeoutMs: options.cardRenderTimeoutMs }),
  });
  return { app, store, blobs, repos, repair, swept };
}

/** Starts a hub with repositories over a fresh SQLite file and data folder. */
export async function startRepoTestApp(options: RepoTestOptions = {}): Promise<RepoTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "modelhub-repo-"));
  const { app, store, blobs, repos } = await openRepoHub(dataDir, options);
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    store,
    blobs,
    repos,
    dataDir,
    fetch: (path, init) => fetch(`${url}${path}`, init),
    admin: (path, init = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${TEST_TOKEN}`, ...init.headers } }),
    blobFiles: () => filesUnder(blobs.root),
    async close() {
      await closeApp(app, 0);
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A raw HTTP request with the path sent exactly as given (fetch would normalise `..` and `%2e`). */
export function rawRequest(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      { host: target.hostname, port: target.port, method, path, headers: { ...headers, connection: "close" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Headers with the admin token. */
export function adminHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${TEST_TOKEN}`, ...extra };
}
