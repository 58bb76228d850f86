import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, rawRequest, startRepoTestApp } from "../test-utils/repo-test-app.js";

const BODY = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const ETAG = `"${createHash("sha256").update(BODY).digest("hex")}"`;

describe("GET and HEAD /:namespace/:name/resolve/:revision/*", () => {
  let hub: RepoTestApp;
  beforeAll(async () => {
    hub = await startRepoTestApp({ models: [hubModel("acme/tiny")] });
    for (const [path, body] of [
      ["weights/model.bin", BODY],
      ["README.md", Buffer.from("# Tiny\n")],
      ["index.html", Buffer.from("<script>alert(1)</script>")],
      ["file with spaces & ü.txt", Buffer.from("spaces")],
      ["empty.bin", Buffer.alloc(0)],
    ] as const) {
      const response = await hub.admin(`/api/models/acme/tiny/files/${encodeURI(path)}`, { method: "PUT", body });
      expect(response.status).toBe(201);
    }
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  it("serves the whole file with Content-Length, ETag, Accept-Ranges", async () => {
    const response = await hub.fetch("/acme/tiny/resolve/main/weights/model.bin");
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(BODY);
    expect(response.headers.get("content-length")).toBe("1000");
    expect(response.headers.get("etag")).toBe(ETAG);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers HEAD with the same headers and no body", async () => {
    const response = await rawRequest(hub.url, "HEAD", "/acme/tiny/resolve/main/weights/model.bin");
    expect(response.status).toBe(200);
    expect(response.headers["content-length"]).toBe("1000");
    expect(response.headers.etag).toBe(ETAG);
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.body.length).toBe(0);
  });

  it("serves a byte range as 206", async () => {
    const response = await hub.fetch("/acme/tiny/resolve/main/weights/model.bin", {
      headers: { range: "bytes=100-199" },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(response.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(BODY.subarray(100, 200));
  });

  it("serves open-ended and suffix ranges", async () => {
    const open = await hub.fetch("/acme/tiny/resolve/main/weights/model.bin", { headers: { range: "bytes=990-" } });
    expect(Buffer.from(await open.arrayBuffer())).toEqual(BODY.subarray(990));
    const suffix = await hub.fetch("/acme/tiny/resolve/main/weights/model.bin", { headers: { range: "bytes=-5" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe("bytes 995-999/1000");
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(BODY.subarray(995));
  });

  it("answers an unsatisfiable range with 416 and the real length", async () => {
    const response = await hub.fetch("/acme/tiny/resolve/main/weights/model.bin", {
      headers: { range: "bytes=1000-" },
    });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */1000");
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it("serves the whole file for a range it may ignore, or one for an older version", async () => {
    const several = await hub.fetch("/acme/tiny/resolve/main/weights/model.bin", {
      headers: { range: "bytes=0-1,5-6" },
    });
    expect(several.status).toBe(200);
    const stale = await hub.fetch("/acme/tiny/resolve/main/weights/model.bin", {
      headers: { range: "bytes=0-1", "if-range": '"old"' },
    });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(1000);
  });

  it("answers 304 to If-None-Match with the current ETag", async () => {
    const response = await hub.fetch("/acme/tiny/resolve/main/weights/model.bin", {
      headers: { "if-none-match": ETAG },
    });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(ETAG);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    const changed = await hub.fetch("/acme/tiny/resolve/main/weights/model.bin", {
      headers: { "if-none-match": '"x"' },
    });
    expect(changed.status).toBe(200);
  });

  it("serves an empty file", async () => {
    const response = await hub.fetch("/acme/tiny/resolve/main/empty.bin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("0");
  });

  it("serves encoded names and shows text inline, never HTML", async () => {
    const text = await hub.fetch(`/acme/tiny/resolve/main/${encodeURIComponent("file with spaces & ü.txt")}`);
    expect(await text.text()).toBe("spaces");
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(text.headers.get("content-disposition")).toBe(
      "inline; filename=\"file with spaces & _.txt\"; filename*=UTF-8''file%20with%20spaces%20%26%20%C3%BC.txt",
    );
    const html = await hub.fetch("/acme/tiny/resolve/main/index.html");
    expect(html.headers.get("content-type")).toBe("application/octet-stream");
    expect(html.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(html.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("answers 404 with JSON for a missing file, model or revision", async () => {
    const missing = await hub.fetch("/acme/tiny/resolve/main/nope.bin");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-error-code")).toBe("EntryNotFound");
    expect(await missing.json()).toEqual({ error: '"nope.bin" not found in model "acme/tiny"' });
    const noModel = await hub.fetch("/acme/none/resolve/main/weights/model.bin");
    expect([noModel.status, noModel.headers.get("x-error-code")]).toEqual([404, "RepoNotFound"]);
    const noRevision = await hub.fetch("/acme/tiny/resolve/v1/weights/model.bin");
    expect([noRevision.status, noRevision.headers.get("x-error-code")]).toEqual([404, "RevisionNotFound"]);
    expect(await noRevision.json()).toEqual({ error: 'revision "v1" not found in model "acme/tiny"' });
  });

  it.each([
    "/acme/tiny/resolve/main/../../../etc/passwd",
    "/acme/tiny/resolve/main/weights/../../x",
    "/acme/tiny/resolve/main/%2e%2e/%2e%2e/etc/passwd",
    "/acme/tiny/resolve/main/..%2F..%2Fetc%2Fpasswd",
    "/acme/tiny/resolve/main/%252e%252e/etc/passwd",
    "/acme/tiny/resolve/main/..%5C..%5Cetc%5Cpasswd",
    "/acme/tiny/resolve/main/%2Fetc%2Fpasswd",
    "/acme/tiny/resolve/main/weights%00/model.bin",
  ])("refuses the traversal %s", async (path) => {
    const response = await rawRequest(hub.url, "GET", path);
    expect([400, 404]).toContain(response.status);
    expect(response.body.toString()).not.toContain("root:");
    expect(JSON.parse(response.body.toString())).toHaveProperty("error");
  });
});
