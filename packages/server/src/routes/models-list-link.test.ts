// The list's `Link` header never trusts the client's `Host`: it is built from the configured public URL or the
// address the hub listens on, and a request without `Host` (HTTP/1.0) is answered like any other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOrigin } from "../http/public-origin.js";
import { numberedModels } from "../test-utils/hub-models.js";
import { sendRaw } from "../test-utils/raw-http.js";
import { startTestApp, type TestApp } from "../test-utils/test-app.js";

const MODELS = numberedModels("bulk", 5, { library_name: "timm" });

describe("Link header and Host", () => {
  let hub: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    hub = await startTestApp(MODELS);
    configured = await startTestApp(MODELS, { publicUrl: "https://hub.example.org/mirror" });
  });
  afterAll(async () => {
    await hub.close();
    await configured.close();
  });

  it("answers an HTTP/1.0 request without Host with the page and a Link on the hub's own address", async () => {
    const response = await sendRaw(hub.url, "GET /api/models?limit=2 HTTP/1.0\r\n\r\n");
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toHaveLength(2);
    expect(response.headers.link).toMatch(new RegExp(`^<${hub.url}/api/models\\?limit=2&cursor=[^>]+>; rel="next"$`));
  });

  it("does not copy a client's Host into the Link header", async () => {
    const response = await sendRaw(
      hub.url,
      "GET /api/models?limit=2 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    expect(response.status).toBe(200);
    expect(response.headers.link).not.toContain("evil.example");
    expect(response.headers.link?.startsWith(`<${hub.url}/api/models?`)).toBe(true);
  });

  it("builds the Link from MODELHUB_PUBLIC_URL when it is configured", async () => {
    const response = await configured.fetch("/api/models?limit=2", { headers: { "x-forwarded-host": "evil.example" } });
    expect(response.headers.get("link")).toMatch(/^<https:\/\/hub\.example\.org\/mirror\/api\/models\?limit=2&cursor=/);
  });

  it("knows no origin for a wildcard address, so links stay relative there", () => {
    expect(listenOrigin({ address: "0.0.0.0", family: "IPv4", port: 80 })).toBeNull();
    expect(listenOrigin({ address: "::", family: "IPv6", port: 80 })).toBeNull();
    expect(listenOrigin({ address: "::1", family: "IPv6", port: 8080 })).toBe("http://[::1]:8080");
    expect(listenOrigin({ address: "127.0.0.1", family: "IPv4", port: 8080 })).toBe("http://127.0.0.1:8080");
  });
});
