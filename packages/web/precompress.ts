// A build step: writes `<file>.br` and `<file>.gz` beside each text file of the build, compressed at the highest
// levels once, so the server sends them as they are (@fastify/static's preCompressed) instead of compressing per
// request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
// Below this a compressed copy saves less than a packet; the server's own threshold is the same.
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes the .br and .gz copies of the text files under `dir`; returns how many files got them. */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const path of filesUnder(dir)) {
    if (!TEXT_FILE.test(path)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    count++;
  }
  return count;
}

/** The Vite plugin running `precompressDirectory` on the output directory after a build. */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "modelhub-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}
