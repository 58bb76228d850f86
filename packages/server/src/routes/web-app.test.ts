import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { rawRequest } from "../test-utils/repo-test-app.js";
import { startTestApp, type TestApp } from "../test-utils/test-app.js";

const INDEX = "<!doctype html><title>Modelhub</title><div id=root></div>";
const APP_JS = `export const app = ${JSON.stringify("x".repeat(5000))};`;

let webRoot: string;
let hub: TestApp;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), "modelhub-web-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), INDEX);
  writeFileSync(join(webRoot, "assets", "index-abc123.js"), "console.log('app')");
  // As the build leaves them: .br and .gz beside a text file (contents marked so the test sees which is sent).
  writeFileSync(join(webRoot, "assets", "big-def456.js"), APP_JS);
  writeFileSync(join(webRoot, "assets", "big-def456.js.br"), brotliCompressSync(APP_JS));
  writeFileSync(join(webRoot, "assets", "big-def456.js.gz"), gzipSync(APP_JS));
  writeFileSync(join(webRoot, "index.html.br"), brotliCompressSync(INDEX));
  hub = await startTestApp([hubModel("meta-llama/Llama-3.1-8B-Instruct"), hubModel("Qwen/Qwen2.5-7B")], { webRoot });
});
afterAll(async () => {
  await hub.close();
  rmSync(webRoot, { recursive: true, force: true });
});

async function page(path: string, accept?: string) {
  const response = await hub.fetch(path, accept ? { headers: { accept } } : {});
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text(), response };
}

describe("the web app at /", () => {
  it("serves index.html at / and for page routes, with or without an HTML Accept header", async () => {
    for (const path of ["/", "/models", "/meta-llama/Llama-3.1-8B-Instruct", "/Qwen/Qwen2.5-7B"]) {
      const { status, type, body } = await page(path);
      expect(status, path).toBe(200);
      expect(type).toMatch(/^text\/html/);
      expect(body).toBe(INDEX);
    }
  });

  it("answers unknown pages and unknown models with the app and HTTP 404, so the not-found page is a real 404", async () => {
    for (const path of ["/some/deep/route?x=1", "/nobody/no-model", "/Qwen/Qwen2.5-7B/extra"]) {
      const { status, type, body } = await page(path, "text/html,application/xhtml+xml");
      expect(status, path).toBe(404);
      expect(type).toMatch(/^text\/html/);
      expect(body).toBe(INDEX);
    }
    expect((await page("/nobody/no-model")).status).toBe(404);
  });

  it("serves built files with a long cache lifetime, and a 404 for a missing one", async () => {
    const asset = await page("/assets/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.response.headers.get("cache-control")).toContain("immutable");
    expect((await page("/assets/missing-000.js")).status).toBe(404);
    expect((await page("/favicon.ico")).status).toBe(404);
  });

  it("sends the build's precompressed copies: brotli, then gzip, else the file; hashed names cached for good", async () => {
    const br = await rawRequest(hub.url, "GET", "/assets/big-def456.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.body.equals(brotliCompressSync(APP_JS))).toBe(true);
    const gzip = await rawRequest(hub.url, "GET", "/assets/big-def456.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.equals(gzipSync(APP_JS))).toBe(true);
    const plain = await rawRequest(hub.url, "GET", "/assets/big-def456.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
  });

  it("sends the page itself compressed and always revalidated, for known and unknown pages alike", async () => {
    for (const [path, status] of [
      ["/models", 200],
      ["/nobody/no-model", 404],
    ] as const) {
      const response = await rawRequest(hub.url, "GET", path, { accept: "text/html", "accept-encoding": "br" });
      expect(response.status, path).toBe(status);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body.equals(brotliCompressSync(INDEX))).toBe(true);
    }
  });

  it("never falls back for /api: unknown API paths are JSON 404s even for browsers", async () => {
    const { status, type, body } = await page("/api/nothing", "text/html");
    expect(status).toBe(404);
    expect(type).toMatch(/^application\/json/);
    expect(JSON.parse(body)).toEqual({ error: "No route GET /api/nothing" });
  });
});
