// A seeded catalog shaped like the hub's: a few authors, libraries, tasks and tags hold most models and a long tail
// holds few, most models have no likes and few downloads (many ties), ids mix case, some models are private. Small
// enough to store in a test, skewed enough that the list planner's thresholds are crossed both ways.
import type { HubModel } from "../models/hub-model.js";
import { hubModel } from "./hub-models.js";
import { type SeededRandom, seededRandom } from "./seeded-random.js";

/** A model of the catalog as stored: its record, its sequence key (insertion order, from 1) and its visibility. */
export interface CatalogModel {
  model: HubModel;
  pk: number;
  private: boolean;
}

/** The catalog, in insertion order, the values its fields take (most common first), and how it is stored. */
export interface SkewedCatalog {
  /** The models as they end up stored. */
  models: CatalogModel[];
  authors: string[];
  libraries: string[];
  tasks: string[];
  tags: string[];
  /** The records first stored, in order (a sequence key each): some are changed or deleted afterwards. */
  stored: HubModel[];
  /** The last records of the models changed after they were first stored (their counts, tags, filters, dates). */
  changed: HubModel[];
  /** Models stored and then deleted: their sequence keys are never reused. */
  deleted: string[];
  /** Public models made private once, then public again. */
  unhidden: string[];
}

/** An author every model of which is private: more hidden models than a list excludes by key (HIDDEN_KEYS_LIMIT). */
export const PRIVATE_AUTHOR = "SecretLab";

/** A word most ids hold, but none of the most downloaded: a search for it matches more than a search page reads whole
 * (SEARCH_CANDIDATE_LIMIT) and none of its matches is near the top of the downloads order. */
export const COMMON_WORD = "base";

// Authors whose ids are near each other in id order (a prefix, another case, a character before '/'): an author's ids
// are read as the range between "author/" and "author0".
const NEAR_AUTHORS = ["org1", "org10", "org1-x", "Org1", "org1.a"];
/** An author of a third of the models: with the tag nearly all have (NEARLY_ALL_TAG), more than a list reads whole. */
export const LARGEST_AUTHOR = "TheBloke";
/** A tag nearly every model has (as the Hub's region tag). */
export const NEARLY_ALL_TAG = "region:us";
const HEAD_AUTHORS = ["bartowski", "mradermacher", "unsloth", "Qwen", "google"];
const LIBRARIES = [
  "transformers",
  "gguf",
  "diffusers",
  "peft",
  "sentence-transformers",
  "timm",
  "onnx",
  "mlx",
  ...Array.from({ length: 16 }, (_, i) => `lib-${i}`),
];
const TASKS = [
  "text-generation",
  "text-classification",
  "image-text-to-text",
  "text-to-image",
  "feature-extraction",
  "fill-mask",
  ...Array.from({ length: 14 }, (_, i) => `task-${i}`),
];
const TAIL_TAGS = Array.from({ length: 120 }, (_, i) => (i % 7 === 3 ? `Region:T${i}` : `tag-${i}`));
const FAMILIES = ["Llama-3", "Mistral", "qwen2.5", "Phi", "gemma", "BERT", "t5", "whisper", "SDXL", "ResNet"];
const SIZES = ["7B", "8b", "1.5B", "small", "Large", "x"];
const BASE_VARIANTS = ["base", "Base", "BASE-ft"];
const OTHER_VARIANTS = ["Instruct", "chat", "it", "GGUF", "AWQ"];
const DAY = 86_400_000;

function counts(random: SeededRandom, zeroShare: number, smallShare: number): number {
  const x = random.next();
  if (x < zeroShare) return 0;
  if (x < smallShare) return 1 + random.int(5);
  // A power-law tail: most values small, a few huge.
  return Math.floor(10 / (1 - random.next()) ** 1.2);
}

function tagsOf(random: SeededRandom, library: string | undefined, task: string | undefined): string[] {
  const tags = new Set<string>();
  if (library && random.chance(0.9)) tags.add(library);
  if (random.chance(0.93)) tags.add(NEARLY_ALL_TAG);
  if (random.chance(0.55)) tags.add("safetensors");
  if (random.chance(0.45)) tags.add("en");
  if (random.chance(0.3)) tags.add("license:apache-2.0");
  if (task === "text-generation" && random.chance(0.6)) tags.add("conversational");
  for (let n = random.int(4); n > 0; n--) tags.add(random.skewed(TAIL_TAGS, 1.2));
  // A record may name a tag twice: it is one tag of the model.
  const first = [...tags][0];
  return first !== undefined && random.chance(0.02) ? [...tags, first] : [...tags];
}

// The fields of a record of `id` (by `author`) that change over its life.
function recordOf(random: SeededRandom, id: string, downloads: number): HubModel {
  const library = random.chance(0.1) ? undefined : random.skewed(LIBRARIES, 1.3);
  const task = random.chance(0.15) ? undefined : random.skewed(TASKS, 1.2);
  return hubModel(id, {
    ...(library ? { library_name: library } : {}),
    ...(task ? { pipeline_tag: task } : {}),
    tags: tagsOf(random, library, task),
    downloads,
    likes: counts(random, 0.65, 0.85),
    // Few distinct dates, so dates tie too.
    lastModified: new Date(Date.UTC(2024, 0, 1) + random.int(250) * DAY).toISOString(),
    createdAt: new Date(Date.UTC(2022, 0, 1) + random.int(500) * DAY + random.int(3) * 60_000).toISOString(),
  });
}

// Counts past 32 bits, up to the largest the SQLite search index keys in download order (db/sqlite/search-order.ts).
const HUGE_DOWNLOADS = [2 ** 31, 5_000_000_000, 2 ** 35 - 1];

// Downloads: a quarter none, most few, a power-law tail (some a thousand times more, a very few huge).
const downloadsOf = (random: SeededRandom) =>
  random.chance(0.002)
    ? random.pick(HUGE_DOWNLOADS)
    : random.chance(0.25)
      ? 0
      : counts(random, 0, 0.35) * (random.chance(0.1) ? 1_000 : 1);

/** `count` models drawn from `seed`. */
export function skewedCatalog(seed: number, count: number): SkewedCatalog {
  const random = seededRandom(seed);
  const tailAuthors = Array.from({ length: 400 }, (_, i) => random.pick(["user", "Lab", "ai-", "DEV_", "x"]) + i);
  const catalog: SkewedCatalog = {
    models: [],
    authors: [],
    libraries: [],
    tasks: [],
    tags: [],
    stored: [],
    changed: [],
    deleted: [],
    unhidden: [],
  };
  const taken = new Set<string>();
  for (let i = 0; catalog.models.length < count; i++) {
    const x = random.next();
    const author =
      x < 0.2
        ? PRIVATE_AUTHOR
        : x < 0.53
          ? LARGEST_AUTHOR
          : x < 0.6
            ? random.skewed(HEAD_AUTHORS, 1)
            : x < 0.65
              ? random.pick(NEAR_AUTHORS)
              : random.skewed(tailAuthors, 0.9);
    const downloads = downloadsOf(random);
    const variant =
      downloads < 20_000 && random.chance(0.93) ? random.pick(BASE_VARIANTS) : random.pick(OTHER_VARIANTS);
    const id = `${author}/${random.pick(FAMILIES)}-${random.pick(SIZES)}-${variant}-${random.int(i + 10)}`;
    // Ids are unique regardless of case.
    if (taken.has(id.toLowerCase())) continue;
    taken.add(id.toLowerCase());
    const model = recordOf(random, id, downloads);
    catalog.stored.push(model);
    const pk = catalog.stored.length;
    if (random.chance(0.02)) {
      catalog.deleted.push(id);
      continue;
    }
    const isPrivate = author === PRIVATE_AUTHOR || random.chance(0.03);
    if (!isPrivate && random.chance(0.01)) catalog.unhidden.push(id);
    // A tenth of the models change after they were stored: another record of the same id (downloads kept in range).
    // A base model stays out of the most downloaded (COMMON_WORD).
    const moved = downloadsOf(random);
    const kept = random.chance(0.5) || (BASE_VARIANTS.includes(variant) && moved >= 20_000);
    const last = random.chance(0.1) ? recordOf(random, id, kept ? downloads : moved) : model;
    if (last !== model) catalog.changed.push(last);
    catalog.models.push({ model: last, pk, private: isPrivate });
  }
  const byCount = (values: Iterable<string>) => {
    const n = new Map<string, number>();
    for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
    return [...n.keys()].sort((a, b) => (n.get(b) ?? 0) - (n.get(a) ?? 0) || (a < b ? -1 : 1));
  };
  const all = catalog.models.map((m) => m.model);
  catalog.authors = byCount(all.map((m) => m.author));
  catalog.libraries = byCount(all.flatMap((m) => m.library_name ?? []));
  catalog.tasks = byCount(all.flatMap((m) => m.pipeline_tag ?? []));
  catalog.tags = byCount(all.flatMap((m) => m.tags));
  return catalog;
}
