import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveServerConfig } from "./config.js";
import { type RunningServer, startServer } from "./server.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "modelhub-server-"));
  dirs.push(dataDir);
  const config = resolveServerConfig({ MODELHUB_DATA_DIR: dataDir, MODELHUB_LOG_LEVEL: "silent", ...env }, { port: 0 });
  return startServer({ ...config, webRoot: null });
}

describe("startServer", () => {
  it("creates the database under the data directory, loads the demo catalog once and generates a token", async () => {
    const server = await start();
    const dataDir = dirs[0] ?? "";
    try {
      expect(existsSync(join(dataDir, "modelhub.db"))).toBe(true);
      expect(server.catalogLoaded).toBeGreaterThanOrEqual(300);
      expect(server.adminToken.generatedFile).toBe(join(dataDir, "admin-token"));
      expect(readFileSync(join(dataDir, "admin-token"), "utf8").trim()).toBe(server.adminToken.token);
      const response = await fetch(`${server.url}/api/models?library=transformers&limit=3`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as unknown[]).length).toBe(3);
    } finally {
      await server.close();
    }
    const again = await startServer({
      ...resolveServerConfig({ MODELHUB_DATA_DIR: dataDir, MODELHUB_LOG_LEVEL: "silent" }, { port: 0 }),
      webRoot: null,
    });
    try {
      expect(again.catalogLoaded).toBe(0);
      expect(again.adminToken.generatedFile).toBeNull();
      expect(await again.store.countModels()).toBe(server.catalogLoaded);
    } finally {
      await again.close();
    }
  });

  it("skips the catalog when asked, and uses the configured token", async () => {
    const server = await start({ MODELHUB_DEMO_CATALOG: "off", MODELHUB_ADMIN_TOKEN: "configured-token" });
    try {
      expect(server.catalogLoaded).toBe(0);
      expect(await server.store.countModels()).toBe(0);
      expect(server.adminToken).toEqual({ token: "configured-token", generatedFile: null });
      const post = await fetch(`${server.url}/api/models`, {
        method: "POST",
        headers: { authorization: "Bearer configured-token", "content-type": "application/json" },
        body: JSON.stringify({ id: "a/b" }),
      });
      expect(post.status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it("lets an in-flight request finish on close, then refuses connections and closes the database", async () => {
    const server = await start({ MODELHUB_DEMO_CATALOG: "off" });
    const list = server.store.listModels.bind(server.store);
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    server.store.listModels = async (query) => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return list(query);
    };
    const slow = fetch(`${server.url}/api/models`);
    await inside;
    const closed = server.close();
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    await closed;
    await expect(fetch(`${server.url}/api/models`)).rejects.toThrow();
    await expect(server.store.countModels()).rejects.toThrow();
  });
});
