// The web app's build at `/`, with index.html for page routes; /api/* never falls back.
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { canRead } from "../accounts/access.js";
import type { Principal } from "../accounts/principal.js";
import { routeNotFound } from "../errors.js";
import type { Store } from "../store/store.js";
import { modelIdProblem } from "../validation/model-id.js";
import { isPageRoute, pageTarget } from "../web/page-route.js";

const IMMUTABLE = "public, max-age=31536000, immutable";

// The status of a page: 200 for the app's pages and existing models, 404 (with the app, which shows its not-found
// page) for anything else, so crawlers and link checkers see what a visitor sees.
// A private model the visitor may not see is a 404 like a missing one.
async function pageStatus(path: string, store: Pick<Store, "getModel">, principal: Principal): Promise<200 | 404> {
  const target = pageTarget(path);
  if (target.kind === "page") return 200;
  if (target.kind === "none" || modelIdProblem(target.id) !== null) return 404;
  const model = await store.getModel(target.id);
  return model && canRead(principal, model) ? 200 : 404;
}

/** Serves `webRoot` (when given) and answers unknown paths: index.html for pages, JSON 404 otherwise. */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | null,
  store: Pick<Store, "getModel">,
): Promise<void> {
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: "/",
      cacheControl: false,
      // The build writes .br and .gz beside each text file (packages/web/vite.config.ts); they are sent as they are.
      preCompressed: true,
      // Vite names built files by content hash, so they never change; index.html must be revalidated.
      setHeaders(res, filePath) {
        res.setHeader("cache-control", /[\\/]assets[\\/]/.test(filePath) ? IMMUTABLE : "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const pageMethod = request.method === "GET" || request.method === "HEAD";
    if (webRoot && pageMethod && isPageRoute(path, request.headers.accept)) {
      const status = await pageStatus(path, store, request.principal);
      return reply.status(status).header("cache-control", "no-cache").sendFile("index.html");
    }
    const error = routeNotFound(request);
    return reply.status(error.status).send({ error: error.message });
  });
}
