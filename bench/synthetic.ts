// The synthetic catalog: N model records drawn from the tables in synthetic-tables.ts with a seeded generator, written
// as JSON Lines for `modelhub import`. `tsx bench/synthetic.ts N [FILE]` writes one by hand.
import { once } from "node:events";
import { createWriteStream, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { ModelRecord } from "@modelhub/snippets";
import { pareto, type Random, seededRandom, zipfRank } from "./random.js";
import { AUTHOR_SYLLABLES, BASE_MODELS, TOP_AUTHORS } from "./synthetic-publishers.js";
import { baseShape, derivedShape } from "./synthetic-shape.js";

/** The seed of the published figures; a different seed gives a different catalog with the same distributions. */
export const SYNTHETIC_SEED = 20_251_001;

// A fixed end date keeps the catalog identical whatever the day it is generated.
const END_MS = Date.parse("2025-10-01T00:00:00.000Z");
const SPAN_MS = 4 * 365.25 * 24 * 3600 * 1000;
const MAX_DOWNLOADS = 150_000_000;
// Below 1 so the biggest organisation holds one or two percent of the catalog, as in the field, not a tenth.
const AUTHOR_ZIPF_EXPONENT = 0.8;

/** The long-tail author of 0-based tail rank `index`: its digits spelled as syllables, so no two ranks collide. */
export function tailAuthor(index: number): string {
  const digits = String(index + 100);
  const name = [...digits].map((d) => AUTHOR_SYLLABLES[Number(d)]).join("");
  // Real handles vary in shape; the style depends on the rank, so the spelling stays one-to-one.
  switch (index % 4) {
    case 1:
      return `${name}${index % 97}`;
    case 2:
      return `${name}-ai`;
    case 3:
      return `${name}_lab`;
    default:
      return name;
  }
}

function authorOf(rank: number): string {
  return rank <= TOP_AUTHORS.length ? (TOP_AUTHORS[rank - 1] as string) : tailAuthor(rank - TOP_AUTHORS.length - 1);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

// Popularity: most models are rarely downloaded, a few very often; the big organisations start higher.
function popularity(random: Random, authorRank: number, isBase: boolean): { downloads: number; likes: number } {
  let downloads: number;
  if (isBase) downloads = pareto(random, 2_000_000, 1.1);
  else if (authorRank > TOP_AUTHORS.length && random.chance(0.35)) downloads = 0;
  else downloads = pareto(random, authorRank <= TOP_AUTHORS.length ? 40 : 1, 0.8) - 1;
  downloads = Math.min(MAX_DOWNLOADS, Math.floor(downloads));
  const likes = Math.floor(downloads ** 0.55 * random.next() ** 2 * 0.5);
  return { downloads, likes };
}

// Creation dates lean recent (the field grows every year); most models change soon after creation.
function dates(random: Random): { createdAt: string; lastModified: string } {
  const created = END_MS - SPAN_MS + SPAN_MS * random.next() ** 0.6;
  const modified = created + (END_MS - created) * random.next() ** 4;
  return { createdAt: new Date(created).toISOString(), lastModified: new Date(modified).toISOString() };
}

/**
 * `count` synthetic model records, deterministic for a given `seed`. The catalog's base models come first (so the
 * `base_model:` tags of their derivatives point at real records); every id is unique.
 */
export function* syntheticModels(count: number, seed = SYNTHETIC_SEED): Generator<ModelRecord> {
  const random = seededRandom(seed);
  const authors = Math.max(TOP_AUTHORS.length * 2, Math.round(count / 8));
  // Hashes, not ids: a million ids would cost a hundred megabytes; a false "seen" only adds a suffix.
  const seen = new Set<number>();
  const unique = (model: ModelRecord): ModelRecord => {
    let id = model.id;
    for (let k = 2; seen.has(fnv1a(id)); k++) id = `${model.id}-${k}`;
    seen.add(fnv1a(id));
    return id === model.id ? model : { ...model, id };
  };
  for (let i = 0; i < count; i++) {
    const base = BASE_MODELS[i];
    if (base) {
      yield unique({ ...baseShape(random, base), ...popularity(random, 1, true), ...dates(random) });
      continue;
    }
    const rank = zipfRank(random, authors, AUTHOR_ZIPF_EXPONENT);
    yield unique({ ...derivedShape(random, authorOf(rank)), ...popularity(random, rank, false), ...dates(random) });
  }
}

/** What writing a synthetic catalog produced. */
export interface SyntheticCatalog {
  /** The JSON Lines file. */
  file: string;
  /** Records written. */
  count: number;
  /** Size of the file in bytes. */
  bytes: number;
  /** About `sampleSize` records spread evenly over the catalog: the benchmark's filters and search terms. */
  sample: ModelRecord[];
}

/** Writes `count` synthetic records to `file` as JSON Lines. */
export async function writeSyntheticCatalog(
  file: string,
  count: number,
  options: { seed?: number; sampleSize?: number } = {},
): Promise<SyntheticCatalog> {
  mkdirSync(dirname(file), { recursive: true });
  const out = createWriteStream(file);
  const every = Math.max(1, Math.floor(count / (options.sampleSize ?? 1_000)));
  const sample: ModelRecord[] = [];
  let bytes = 0;
  let chunk: string[] = [];
  const flush = async () => {
    const text = chunk.join("");
    chunk = [];
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  let i = 0;
  for (const model of syntheticModels(count, options.seed)) {
    if (i % every === 0) sample.push(model);
    chunk.push(`${JSON.stringify(model)}\n`);
    if (chunk.length >= 2_000) await flush();
    i++;
  }
  await flush();
  out.end();
  await once(out, "finish");
  return { file, count: i, bytes, sample };
}

async function main(): Promise<void> {
  const [countText, fileArg] = process.argv.slice(2);
  const count = Number(countText);
  if (!Number.isSafeInteger(count) || count < 1) {
    process.stderr.write("Usage: tsx bench/synthetic.ts N [FILE]   (default FILE: bench/.work/synthetic-N.jsonl)\n");
    process.exit(2);
  }
  const file = fileArg ?? fileURLToPath(new URL(`./.work/synthetic-${count}.jsonl`, import.meta.url));
  const written = await writeSyntheticCatalog(file, count);
  process.stdout.write(`${written.count} models, ${(written.bytes / 1024 ** 2).toFixed(1)} MiB: ${written.file}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
