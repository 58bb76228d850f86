import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveServerConfig, startServer } from "@modelhub/server";
import { WEB_DIST } from "./paths";

/** The admin token the test hubs are started with: the browser tests use it to upload files. */
export const ADMIN_TOKEN = "e2e-admin-token";

/** A hub started for one test file. */
export interface Hub {
  /** `http://127.0.0.1:port`. */
  url: string;
  /** Stops the hub and deletes its data. */
  close: () => Promise<void>;
}

/**
 * Starts the real hub on an ephemeral port with a fresh SQLite database in a temp folder, the
 * demo catalog and the web app's build. The environment is built here, not inherited: CI's
 * DATABASE_URL (for the PostgreSQL store tests) must not point the browser tests elsewhere.
 */
export async function startHub(): Promise<Hub> {
  const dataDir = mkdtempSync(join(tmpdir(), "modelhub-e2e-"));
  const config = resolveServerConfig(
    { MODELHUB_DATA_DIR: dataDir, MODELHUB_LOG_LEVEL: "silent", MODELHUB_ADMIN_TOKEN: ADMIN_TOKEN },
    { port: 0, host: "127.0.0.1", db: join(dataDir, "hub.db") },
  );
  try {
    const server = await startServer({ ...config, webRoot: WEB_DIST });
    return {
      url: server.url,
      close: async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
