// gzip and brotli for the hub's text responses: API JSON and the web app. Repository file content is sent as
// stored (clients check its size and hash, and ranges count stored bytes); request bodies are never decompressed.
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, RouteOptions } from "fastify";

// Routes that send repository bytes (resolve, raw, LFS, git): their bodies are the file, not a rendering of it.
const FILE_CONTENT = /\/(resolve|raw)\/|\/info\/lfs|\.git(\/|$)|\/git-(upload|receive)-pack/;

// Smaller bodies gain less than the framing costs.
const THRESHOLD_BYTES = 1024;

/** True when responses of the route at `url` may be compressed: the API's JSON and the web app's files. */
export function isCompressibleRoute(url: string): boolean {
  if (FILE_CONTENT.test(url)) return false;
  // "/" and "/*" are the web app's static routes (its build is also precompressed on disk).
  return url.startsWith("/api/") || url === "/" || url === "/*";
}

/** Registers response compression; call before any route is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // This hook runs before the plugin's own onRoute hook, so its choice is what the plugin reads.
  app.addHook("onRoute", (route: RouteOptions & { compress?: unknown; decompress?: unknown }) => {
    route.decompress ??= false;
    if (!isCompressibleRoute(route.url)) route.compress ??= false;
  });
  await app.register(fastifyCompress, { encodings: ["br", "gzip"], threshold: THRESHOLD_BYTES });
}
