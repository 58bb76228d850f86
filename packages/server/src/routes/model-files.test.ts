import { createHash } from "node:crypto";
import { request } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HubModel } from "../models/hub-model.js";
import { hubModel } from "../test-utils/hub-models.js";
import {
  APP_HOOK_TIMEOUT_MS,
  adminHeaders,
  type RepoTestApp,
  rawRequest,
  startRepoTestApp,
} from "../test-utils/repo-test-app.js";
import type { FileListEntry } from "./model-files.js";

const sha = (body: string | Buffer): string => createHash("sha256").update(body).digest("hex");

// Sends `count` chunks of `size` bytes with chunked transfer encoding (no Content-Length); the status, or the
// socket error when the server closed the connection before the client finished writing.
function chunkedUpload(url: string, path: string, count: number, size: number): Promise<number | string> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const req = request(
      { host: target.hostname, port: target.port, method: "PUT", path, headers: adminHeaders() },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    let sent = 0;
    const writeMore = (): void => {
      while (sent < count) {
        sent++;
        if (!req.write(Buffer.alloc(size, 1))) return void req.once("drain", writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

const modelOf = async (response: Response): Promise<HubModel> => (await response.json()) as HubModel;
const entryOf = async (response: Response): Promise<FileListEntry> => (await response.json()) as FileListEntry;
const filesOf = async (response: Response): Promise<FileListEntry[]> => (await response.json()) as FileListEntry[];
const errorOf = async (response: Response): Promise<string> => ((await response.json()) as { error: string }).error;

describe("repository files over HTTP", () => {
  let hub: RepoTestApp;
  beforeEach(async () => {
    hub = await startRepoTestApp({ models: [hubModel("acme/tiny", { tags: ["vision"] })], maxUploadBytes: 100_000 });
  }, APP_HOOK_TIMEOUT_MS);
  afterEach(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  const put = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
    hub.admin(`/api/models/acme/tiny/files/${path}`, { method: "PUT", body, headers });

  it("uploads a file, lists it and adds it to siblings", async () => {
    const response = await put("onnx/model.onnx", "onnx bytes");
    expect(response.status).toBe(201);
    const entry = await entryOf(response);
    expect(entry).toMatchObject({
      path: "onnx/model.onnx",
      size: 10,
      sha256: sha("onnx bytes"),
      url: "/acme/tiny/resolve/main/onnx/model.onnx",
    });
    expect(await filesOf(await hub.fetch("/api/models/acme/tiny/files"))).toEqual([entry]);
    const model = await modelOf(await hub.fetch("/api/models/acme/tiny"));
    expect(model.siblings).toEqual([{ rfilename: "onnx/model.onnx", size: 10 }]);
    expect(model.lastModified).toBe(entry.updatedAt);
  });

  it("replaces a file (200); the old version's LFS object stays for the revision that has it", async () => {
    await put("model.bin", "version one");
    const response = await put("model.bin", "version two!");
    expect(response.status).toBe(200);
    const blobs = await hub.blobFiles();
    expect(blobs).toHaveLength(2);
    expect(blobs).toEqual(
      expect.arrayContaining([
        expect.stringContaining(sha("version one")),
        expect.stringContaining(sha("version two!")),
      ]),
    );
    const model = await modelOf(await hub.fetch("/api/models/acme/tiny"));
    expect(model.siblings).toEqual([{ rfilename: "model.bin", size: 12 }]);
  });

  it("stores identical content once, across paths and models", async () => {
    await hub.store.createModel(hubModel("acme/other"));
    await put("a.bin", "same bytes");
    await put("b/a.bin", "same bytes");
    await hub.admin("/api/models/acme/other/files/c.bin", { method: "PUT", body: "same bytes" });
    expect(await hub.blobFiles()).toHaveLength(1);
    expect((await hub.admin("/api/models/acme/tiny/files/a.bin", { method: "DELETE" })).status).toBe(204);
    expect(await hub.blobFiles()).toHaveLength(1);
  });

  it("accepts any content type and an empty body", async () => {
    expect((await put("weights.json", '{"a": 1}', { "content-type": "application/json" })).status).toBe(201);
    expect((await put("notes.txt", "hi", { "content-type": "text/plain" })).status).toBe(201);
    expect((await put("empty.bin", "")).status).toBe(201);
    const files = await filesOf(await hub.fetch("/api/models/acme/tiny/files"));
    expect(files.map((f) => [f.path, f.size])).toEqual([
      ["empty.bin", 0],
      ["notes.txt", 2],
      ["weights.json", 8],
    ]);
  });

  it("deletes a file and its sibling entry; history keeps its object", async () => {
    await put("a.bin", "aaa");
    await put("b.bin", "bbb");
    expect((await hub.admin("/api/models/acme/tiny/files/a.bin", { method: "DELETE" })).status).toBe(204);
    const model = await modelOf(await hub.fetch("/api/models/acme/tiny"));
    expect(model.siblings).toEqual([{ rfilename: "b.bin", size: 3 }]);
    expect(await hub.blobFiles()).toHaveLength(2);
    const again = await hub.admin("/api/models/acme/tiny/files/a.bin", { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe('file "a.bin" not found in model "acme/tiny"');
  });

  it("removes a deleted model's files and the blobs no other model uses", async () => {
    await hub.store.createModel(hubModel("acme/other"));
    await put("own.bin", "only here");
    await put("shared.bin", "in both");
    await hub.admin("/api/models/acme/other/files/copy.bin", { method: "PUT", body: "in both" });
    expect((await hub.admin("/api/models/acme/tiny", { method: "DELETE" })).status).toBe(204);
    expect(await hub.blobFiles()).toEqual([expect.stringContaining(sha("in both"))]);
    expect((await hub.fetch("/acme/tiny/resolve/main/own.bin")).status).toBe(404);
    expect((await hub.fetch("/acme/other/resolve/main/copy.bin")).status).toBe(200);
  });

  it("requires the admin token to upload or delete", async () => {
    const upload = await hub.fetch("/api/models/acme/tiny/files/a.bin", { method: "PUT", body: "x" });
    expect(upload.status).toBe(401);
    await put("b.bin", "b");
    const remove = await hub.fetch("/api/models/acme/tiny/files/b.bin", { method: "DELETE" });
    expect(remove.status).toBe(401);
    expect(
      (await filesOf(await hub.fetch("/api/models/acme/tiny/files"))).map((f: { path: string }) => f.path),
    ).toEqual(["b.bin"]);
  });

  it("answers 404 for an unknown model, storing nothing", async () => {
    const response = await hub.admin("/api/models/acme/missing/files/a.bin", { method: "PUT", body: "x" });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe('model "acme/missing" not found');
    expect(await hub.blobFiles()).toEqual([]);
    expect((await hub.fetch("/api/models/acme/missing/files")).status).toBe(404);
  });

  it("refuses a body over MODELHUB_MAX_UPLOAD_BYTES, declared or streamed, leaving nothing", async () => {
    const declared = await put("big.bin", Buffer.alloc(100_001));
    expect(declared.status).toBe(413);
    expect(await errorOf(declared)).toBe("file is larger than the limit of 100000 bytes");
    // A chunked body has no declared length: the limit stops it while it streams.
    const streamed = await chunkedUpload(hub.url, "/api/models/acme/tiny/files/big.bin", 20, 10_000);
    expect([413, "ECONNRESET", "EPIPE"]).toContain(streamed);
    expect(await hub.blobFiles()).toEqual([]);
    expect(await filesOf(await hub.fetch("/api/models/acme/tiny/files"))).toEqual([]);
    expect((await put("exact.bin", Buffer.alloc(100_000))).status).toBe(201);
  });

  it.each([
    ["../escape.bin", 400],
    ["a/../../escape.bin", 400],
    ["%2e%2e/escape.bin", 400],
    ["%2E%2E%2Fescape.bin", 400],
    ["a/%2e%2e/%2e%2e/escape.bin", 400],
    ["%252e%252e/escape.bin", 400],
    ["..%5Cescape.bin", 400],
    ["a//b.bin", 400],
    ["a%00b.bin", 400],
    ["%2Fetc%2Fpasswd", 400],
    ["./a.bin", 400],
    [`${"x".repeat(300)}.bin`, 400],
  ])("refuses the path %s", async (path, status) => {
    const response = await rawRequest(
      hub.url,
      "PUT",
      `/api/models/acme/tiny/files/${path}`,
      adminHeaders(),
      Buffer.from("x"),
    );
    expect(response.status).toBe(status);
    expect(JSON.parse(response.body.toString()).error).toMatch(/invalid file path/);
    expect(await hub.blobFiles()).toEqual([]);
    expect(await filesOf(await hub.fetch("/api/models/acme/tiny/files"))).toEqual([]);
  });

  it("reads README.md into the record: library, task, tags, widget", async () => {
    const card =
      "---\nlibrary_name: timm\npipeline_tag: image-classification\nlicense: mit\ntags: [cats]\n---\n# Cats\n";
    expect((await put("README.md", card)).status).toBe(201);
    const model = await modelOf(await hub.fetch("/api/models/acme/tiny"));
    expect(model).toMatchObject({
      library_name: "timm",
      pipeline_tag: "image-classification",
      tags: ["vision", "cats", "license:mit"],
      siblings: [{ rfilename: "README.md", size: Buffer.byteLength(card) }],
    });
  });

  it("keeps a chat model's tags and chat snippets when its README.md is replaced", async () => {
    const qwen = {
      id: "Qwen/Qwen3-8B",
      library_name: "transformers",
      pipeline_tag: "text-generation",
      inferenceProviderMapping: { together: { providerId: "Qwen/Qwen3-8B", task: "conversational", status: "live" } },
    };
    const tags = ["transformers", "safetensors", "text-generation", "conversational"];
    expect(
      (
        await hub.admin("/api/models", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...qwen, tags }),
        })
      ).status,
    ).toBe(201);
    const card = "---\nlicense: apache-2.0\ntags: [qwen3]\n---\n# Qwen3-8B\n";
    const upload = await hub.admin("/api/models/Qwen/Qwen3-8B/files/README.md", { method: "PUT", body: card });
    expect(upload.status).toBe(201);
    const model = await modelOf(await hub.fetch("/api/models/Qwen/Qwen3-8B"));
    expect(model.tags).toEqual([...tags, "qwen3", "license:apache-2.0"]);
    const snippets = (await (await hub.fetch("/api/models/Qwen/Qwen3-8B/snippets?provider=auto")).json()) as {
      inference: { language: string; client: string; content: string }[];
    };
    const python = snippets.inference.find((s) => s.language === "python" && s.client === "huggingface_hub");
    expect(python?.content).toContain("chat.completions.create");
  });

  it("reads config.json into config and transformersInfo", async () => {
    expect((await put("config.json", '{"architectures": ["BertForMaskedLM"], "model_type": "bert"}')).status).toBe(201);
    const model = await modelOf(await hub.fetch("/api/models/acme/tiny"));
    expect(model.config).toEqual({ architectures: ["BertForMaskedLM"], model_type: "bert" });
    expect(model.transformersInfo).toEqual({
      auto_model: "AutoModelForMaskedLM",
      processor: "AutoTokenizer",
      pipeline_tag: "fill-mask",
    });
    expect(model.pipeline_tag).toBe("fill-mask");
  });

  it.each([
    ["README.md", "---\ntags: [a, b\n---\n", /^README\.md: front matter is not valid YAML on line 2/],
    ["README.md", "---\nwidget: [{text: [1]}]\n---\n", /^README\.md: field "widget\.0\.text": /],
    ["README.md", Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe]), /^README\.md: is not valid UTF-8 text$/],
    ["config.json", "{not json", /^config\.json: is not valid JSON: /],
    ["config.json", '{"architectures": "BertModel"}', /^config\.json: field "architectures": /],
  ])("refuses a bad %s, naming the file and field, changing nothing", async (path, body, message) => {
    const before = await modelOf(await hub.fetch("/api/models/acme/tiny"));
    const response = await put(path, body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatch(message);
    expect(await modelOf(await hub.fetch("/api/models/acme/tiny"))).toEqual(before);
    expect(await hub.blobFiles()).toEqual([]);
  });

  it("keeps README.md and config.json nested in folders as plain files", async () => {
    expect((await put("docs/README.md", "---\n: : bad yaml\n---\n")).status).toBe(201);
    expect((await modelOf(await hub.fetch("/api/models/acme/tiny"))).tags).toEqual(["vision"]);
  });
});
