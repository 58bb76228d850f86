// A real hub on an ephemeral port over a fresh SQLite file, for API tests through HTTP.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppOptions, createApp } from "../app.js";
import { closeApp } from "../http/close-app.js";
import type { HubModel } from "../models/hub-model.js";
import { openStore } from "../store/open-store.js";
import type { Store } from "../store/store.js";

/** The admin token of test apps. */
export const TEST_TOKEN = "test-admin-token-0123456789";

/** A running test hub. */
export interface TestApp {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The store behind the app, without the app's cache: what the database really holds. */
  store: Store;
  /** Every record in the database, by id order: compare before and after a request that must change nothing. */
  snapshot(): Promise<HubModel[]>;
  /** fetch() against the app: `path` starts with `/`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** fetch() with the admin token. */
  admin(path: string, init?: RequestInit): Promise<Response>;
  /** Stops the app and removes its database. */
  close(): Promise<void>;
}

/** The failed-auth limit of test apps: tests of access make many 401s on purpose (http/crash-hygiene.test.ts sets
 * a real one). */
export const UNLIMITED_AUTH = { burst: 1_000_000, perSecond: 1_000_000 };

/** Opens the store of a test app in `dir` (SQLite by default) and says how to remove it. */
export type TestStoreFactory = (dir: string) => Promise<{ store: Store; drop?: () => Promise<void> }>;

const sqliteStore: TestStoreFactory = async (dir) => ({ store: await openStore({ dbPath: join(dir, "hub.db") }) });

/** Starts a hub holding `models`; `options` override the app options. */
export async function startTestApp(
  models: HubModel[] = [],
  options: Partial<AppOptions> = {},
  openTestStore: TestStoreFactory = sqliteStore,
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "modelhub-api-"));
  const { store, drop } = await openTestStore(dir);
  if (models.length > 0) await store.upsertModels(models);
  const app = await createApp({ store, adminToken: TEST_TOKEN, failedAuthLimit: UNLIMITED_AUTH, ...options });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const snapshot = async () => {
    const page = await store.listModels({ tags: [], sort: "id", direction: 1, limit: 1000 });
    const records = await Promise.all(page.items.map((m) => store.getModel(m.id)));
    return records.filter((r): r is HubModel => r !== null);
  };
  return {
    url,
    store,
    snapshot,
    fetch: (path, init) => fetch(`${url}${path}`, init),
    admin: (path, init = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${TEST_TOKEN}`, ...init.headers } }),
    async close() {
      await closeApp(app, 0);
      await store.close();
      await drop?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Request init for a JSON body. */
export function jsonBody(method: string, body: unknown): RequestInit {
  return { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}
