// gzip and brotli for the hub's text responses: API JSON and the web app. Repository file content is sent as
// stored (clients check its size and hash, and ranges count stored bytes); request bodies are never decompressed.
import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, RouteOptions } from "fastify";
import { memoizedCompressors } from "./memoized-compressors.js";

// Routes that send repository bytes (resolve, raw, LFS, git): their bodies are the file, not a rendering of it.
const FILE_CONTENT = /\/(resolve|raw)\/|\/info\/lfs|\.git(\/|$)|\/git-(upload|receive)-pack/;

// Smaller bodies gain less than the framing costs.
const THRESHOLD_BYTES = 1024;

// Bodies up to this size are compressed in one call on the event loop rather than through a zlib stream on the thread
// pool: a 38 KB page of 100 models took 6-10 ms more through the stream (thread-pool hops, chunk callbacks) on 2 shared
// cores, against 0.3 ms of CPU in one call at the levels below. The plugin's own default (8 KiB on 2 cores) sent
// every list page of more than 25 models through the stream.
const SYNC_LIMIT_BYTES = 256 * 1024;

// The fastest levels: API JSON is repetitive, so they already shrink it 4-5x (a page of 100 models: 38 KB -> 8.7 KB
// with brotli 1 in 0.26 ms, 7.7 KB with the plugin's brotli 4 in 1.0 ms; gzip 1: 8.9 KB in 0.38 ms, 6: 7.4 KB in 1.0).
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

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
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: THRESHOLD_BYTES,
    syncThreshold: SYNC_LIMIT_BYTES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
    // A cached page's body is compressed once per encoding (see memoized-compressors.ts).
    zlib: memoizedCompressors(),
  });
}
