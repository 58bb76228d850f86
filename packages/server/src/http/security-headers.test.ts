// Every response carries the security headers: API answers, errors, 404s and the web app's pages (issue 10: none
// had a Content-Security-Policy, frame-ancestors, X-Frame-Options or nosniff).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { jsonBody, startTestApp, type TestApp } from "../test-utils/test-app.js";
import { contentSecurityPolicy } from "./security-headers.js";

describe("security headers", () => {
  let webRoot: string;
  let hub: TestApp;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), "modelhub-web-"));
    mkdirSync(join(webRoot, "assets"));
    writeFileSync(join(webRoot, "index.html"), '<!doctype html><script type="module" src="/assets/a.js"></script>');
    writeFileSync(join(webRoot, "assets", "a.js"), "export {};");
    hub = await startTestApp([hubModel("acme/known")], { webRoot, cardImageOrigins: ["https://cdn.example.org"] });
  });
  afterAll(async () => {
    await hub.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ["a page of the app", "/models", undefined, 200],
    ["a built script", "/assets/a.js", undefined, 200],
    ["a record", "/api/models/acme/known", undefined, 200],
    ["a 404 of the API", "/api/nothing", undefined, 404],
    ["a 400", "/api/models?limit=0", undefined, 400],
    ["a 401", "/api/models", jsonBody("POST", { id: "a/b" }), 401],
  ])("are on %s", async (_what, path, init, status) => {
    const response = await hub.fetch(path, { headers: { accept: "text/html" }, ...init });
    expect(response.status).toBe(status);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: https://cdn.example.org");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("allow no inline script or style and no plugin", () => {
    const csp = contentSecurityPolicy([]);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("img-src 'self' data:;");
  });
});
