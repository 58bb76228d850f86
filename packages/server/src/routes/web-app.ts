// The web app's build at `/`, with index.html for page routes; /api/* never falls back.
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { routeNotFound } from "../errors.js";
import { isPageRoute } from "../web/page-route.js";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Serves `webRoot` (when given) and answers unknown paths: index.html for pages, JSON 404 otherwise. */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null): Promise<void> {
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: "/",
      cacheControl: false,
      // Vite names built files by content hash, so they never change; index.html must be revalidated.
      setHeaders(res, filePath) {
        res.setHeader("cache-control", /[\\/]assets[\\/]/.test(filePath) ? IMMUTABLE : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const pageMethod = request.method === "GET" || request.method === "HEAD";
    if (webRoot && pageMethod && isPageRoute(path, request.headers.accept)) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    const error = routeNotFound(request);
    return reply.status(error.status).send({ error: error.message });
  });
}
