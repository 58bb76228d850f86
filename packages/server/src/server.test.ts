import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getModelSnippets } from "@modelhub/snippets";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_CATALOG_PATH } from "./catalog/catalog-path.js";
import { resolveServerConfig } from "./config.js";
import { completeModel } from "./models/complete-model.js";
import { type RunningServer, startServer } from "./server.js";
import { parseModelInput } from "./validation/parse-model-input.js";

const dirs: string[] = [];
// The demo catalog's data folder holds a git repository per model: removing it takes a while on a busy machine.
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function start(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "modelhub-server-"));
  dirs.push(dataDir);
  const config = resolveServerConfig({ MODELHUB_DATA_DIR: dataDir, MODELHUB_LOG_LEVEL: "silent", ...env }, { port: 0 });
  return startServer({ ...config, webRoot: null });
}

describe("startServer", () => {
  // Loading the catalog's files at first start takes seconds, more on a busy machine: a longer timeout.
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
      // The demo models have their files and cards, uploaded through the repository, dated as their models.
      const flux = (await (await fetch(`${server.url}/api/models/black-forest-labs/FLUX.1-dev`)).json()) as {
        createdAt: string;
        lastModified: string;
        tags: string[];
      };
      expect(flux.createdAt >= "2024-08").toBe(true);
      expect(flux.lastModified >= flux.createdAt && flux.lastModified < "2025-10-02").toBe(true);
      const files = (await (await fetch(`${server.url}/api/models/black-forest-labs/FLUX.1-dev/files`)).json()) as {
        path: string;
        updatedAt: string;
      }[];
      expect(files.map((f) => f.path)).toContain("README.md");
      expect(files.every((f) => f.updatedAt === flux.lastModified)).toBe(true);
      const card = await fetch(`${server.url}/api/models/black-forest-labs/FLUX.1-dev/card`);
      expect(card.status).toBe(200);
      expect(((await card.json()) as { html: string }).html).toContain("<h2");
      // Search reads the cards: "lighthouse" is in no id, only in the usage block of the image generation cards.
      const found = (await (await fetch(`${server.url}/api/models?search=Lighthouse&limit=100`)).json()) as {
        id: string;
      }[];
      expect(found.map((m) => m.id)).toContain("black-forest-labs/FLUX.1-dev");
      expect(found.filter((m) => m.id.toLowerCase().includes("lighthouse"))).toEqual([]);
      const qwen = (await (await fetch(`${server.url}/api/models/unsloth/Qwen3-8B-GGUF/files`)).json()) as {
        path: string;
        quant?: string;
      }[];
      expect(qwen.find((f) => f.path === "Qwen3-8B-Q4_K_M.gguf")?.quant).toBe("Q4_K_M");
      // The files change no snippet: every model answers what the engine gives for its catalog record.
      for (const line of readFileSync(DEMO_CATALOG_PATH, "utf8").split("\n").filter(Boolean)) {
        const model = completeModel(parseModelInput(JSON.parse(line)), { now: new Date() });
        const expected = getModelSnippets(model, {}, { warn: () => undefined });
        const served = (await (await fetch(`${server.url}/api/models/${model.id}/snippets`)).json()) as typeof expected;
        expect(served.libraries, model.id).toEqual(expected.libraries);
        expect(served.inference, model.id).toEqual(expected.inference);
      }
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
  }, 180_000);

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
