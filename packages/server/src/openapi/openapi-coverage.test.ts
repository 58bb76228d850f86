import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeApp } from "../http/close-app.js";
import { APP_HOOK_TIMEOUT_MS, openRepoHub } from "../test-utils/repo-test-app.js";
import { openApiDocument } from "./openapi-document.js";
import { parseRouteTree, type RegisteredRoute } from "./route-table.js";

// The route tree prints a wildcard that follows parameters under the deepest static prefix only (the resolve and
// raw routes as `/*`, compare as `/api/models/:namespace/:name/*`); those are checked by name with hasRoute below.
const FLATTENED = ["/*", "/api/models/:namespace/:name/*"];

// A documented path in Fastify's syntax: parameters as `:b`, a trailing file path or compare range as the wildcard.
function fastifyUrl(path: string): string {
  return path.replace(/\/\{(path|range)\}$/, "/*").replace(/\{([^}]+)\}/g, ":$1");
}

const documented = openApiDocument("test").paths as Record<string, Record<string, unknown>>;
const HTTP_METHODS = ["get", "put", "post", "delete", "patch"];

describe("the OpenAPI document", () => {
  let app: FastifyInstance;
  let dataDir: string;
  let routes: RegisteredRoute[];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "modelhub-openapi-"));
    ({ app } = await openRepoHub(dataDir));
    await app.ready();
    routes = parseRouteTree(app.printRoutes({ commonPrefix: false }));
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await closeApp(app, 0);
    rmSync(dataDir, { recursive: true, force: true });
  }, APP_HOOK_TIMEOUT_MS);

  it("reads the app's route tree", () => {
    expect(routes).toContainEqual({ method: "GET", url: "/api/models/:namespace/:name/revision/:revision" });
    expect(routes).toContainEqual({ method: "POST", url: "/:namespace/:name/info/lfs/objects/batch" });
  });

  it("lists every route the hub registers (HEAD with its GET)", () => {
    const listed = new Set(
      Object.entries(documented).flatMap(([path, item]) =>
        HTTP_METHODS.filter((m) => m in item).map((m) => `${m.toUpperCase()} ${fastifyUrl(path)}`),
      ),
    );
    const missing = routes
      .filter((r) => r.method !== "HEAD" && !FLATTENED.includes(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !listed.has(route));
    expect(missing).toEqual([]);
  });

  it("documents only routes that exist", () => {
    const absent = Object.entries(documented).flatMap(([path, item]) =>
      HTTP_METHODS.filter((m) => m in item)
        .filter((m) => !app.hasRoute({ method: m.toUpperCase() as "GET", url: fastifyUrl(path) }))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(absent).toEqual([]);
  });

  it("gives every operation a summary and every write a security requirement", () => {
    for (const [path, item] of Object.entries(documented)) {
      for (const method of HTTP_METHODS.filter((m) => m in item)) {
        const op = item[method] as { summary?: string; security?: unknown[] };
        expect(op.summary, `${method} ${path}`).toBeTruthy();
      }
    }
    const create = documented["/api/repos/create"]?.post as { security?: unknown[]; requestBody?: unknown };
    expect(create.security).toEqual([{ bearerToken: [] }, { sessionCookie: [] }]);
    // The request body is the schema the route parses with.
    expect(JSON.stringify(create.requestBody)).toContain('"organization"');
  });
});
