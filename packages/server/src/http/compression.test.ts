import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { numberedModels } from "../test-utils/hub-models.js";
import {
  APP_HOOK_TIMEOUT_MS,
  adminHeaders,
  type RepoTestApp,
  rawRequest,
  startRepoTestApp,
} from "../test-utils/repo-test-app.js";
import { isCompressibleRoute } from "./compression.js";

describe("isCompressibleRoute", () => {
  it.each([
    ["/api/models", true],
    ["/api/models/:namespace/:name/snippets", true],
    ["/api/models/:namespace/:name/card", true],
    ["/*", true],
    ["/", true],
    ["/:namespace/:name/resolve/main/*", false],
    ["/api/models/:namespace/:name/raw/*", false],
    ["/:namespace/:name.git/info/refs", false],
    ["/:namespace/:name.git/info/lfs/objects/batch", false],
    ["/health", false],
  ])("%s -> %s", (url, expected) => {
    expect(isCompressibleRoute(url)).toBe(expected);
  });
});

describe("compression over HTTP", () => {
  let hub: RepoTestApp;
  // A config.json big enough to be worth compressing, were it compressed.
  const config = JSON.stringify({ architectures: ["BertModel"], model_type: "bert", vocab: "x".repeat(4000) });
  beforeAll(async () => {
    hub = await startRepoTestApp({ models: numberedModels("acme", 40) });
    const upload = await rawRequest(
      hub.url,
      "PUT",
      "/api/models/acme/model-0000/files/config.json",
      adminHeaders(),
      Buffer.from(config),
    );
    expect(upload.status).toBe(201);
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  const plainList = async () => (await rawRequest(hub.url, "GET", "/api/models?sort=id&direction=1")).body;

  it("sends API JSON as brotli or gzip when the client accepts it, the same JSON once decoded", async () => {
    const plain = await plainList();
    expect(plain.length).toBeGreaterThan(1024);
    const br = await rawRequest(hub.url, "GET", "/api/models?sort=id&direction=1", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const gzip = await rawRequest(hub.url, "GET", "/api/models?sort=id&direction=1", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
  });

  it("sends the bytes as they are without Accept-Encoding, and names the request", async () => {
    const response = await rawRequest(hub.url, "GET", "/api/models?sort=id&direction=1");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["x-request-id"]).toMatch(/^req-/);
  });

  it("never compresses repository file content: clients check its size, hash and byte ranges", async () => {
    const response = await rawRequest(hub.url, "GET", "/acme/model-0000/resolve/main/config.json", {
      "accept-encoding": "gzip, br",
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-length"]).toBe(String(Buffer.byteLength(config)));
    expect(response.body.toString()).toBe(config);
  });

  it("does not decompress request bodies: the file is stored as sent", async () => {
    const response = await rawRequest(
      hub.url,
      "PUT",
      "/api/models/acme/model-0001/files/notes.txt",
      adminHeaders({ "content-encoding": "gzip" }),
      Buffer.from("plain text"),
    );
    const stored = await rawRequest(hub.url, "GET", "/acme/model-0001/resolve/main/notes.txt");
    // Inflating would fail on these bytes (they are not gzip) with a 400.
    expect(response.status).toBe(201);
    expect(stored.body.toString()).toBe("plain text");
  });
});
