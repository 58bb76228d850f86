// A seed becomes a full record: tags, classes, widget inputs, files, provider mapping, and deterministic
// power-law downloads, likes and dates derived from the id (the same catalog on every run).
import type { ProviderMappingEntry } from "@modelhub/snippets";
import { deriveTransformersInfo } from "../../src/card/transformers-info.js";
import { eraOf } from "./eras.js";
import type { Popularity, Seed } from "./seed.js";
import { AUTO_CLASSES, DEFAULT_WIDGETS, TRANSFORMERS_FILES } from "./task-defaults.js";

// Typical downloads per popularity tier; tiers are an order of magnitude apart, and low tiers hold most models.
const TIER_DOWNLOADS: Record<Popularity, number> = { 1: 250, 2: 9_000, 3: 160_000, 4: 2_200_000, 5: 28_000_000 };
// Models of families the era table does not know appear from this day on.
const UNKNOWN_ERA = Date.UTC(2021, 0, 1);
const LAST_DAY = Date.UTC(2025, 9, 1);
const DAY = 86_400_000;

// FNV-1a then mulberry32: a small seeded generator, one stream per model id.
function randomStream(id: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Chat models (and vision-language ones, whose only call is chat) are mapped for `conversational`.
function servedTask(seed: Seed): string {
  const chatModel = seed.tags?.includes("conversational") && seed.task === "text-generation";
  return chatModel || seed.task === "image-text-to-text" ? "conversational" : (seed.task ?? "conversational");
}

function providerMapping(seed: Seed): Record<string, ProviderMappingEntry> | undefined {
  if (!seed.providers) return undefined;
  const task = servedTask(seed);
  return Object.fromEntries(
    Object.entries(seed.providers).map(([name, value]) => {
      const [providerId, status] = typeof value === "string" ? [value, "live" as const] : value;
      return [name, { providerId, task, status }];
    }),
  );
}

function files(seed: Seed): { rfilename: string }[] {
  const own = seed.files ?? (seed.library === "transformers" ? TRANSFORMERS_FILES : ["config.json"]);
  const extra = seed.library === "transformers" && seed.task === "text-generation" ? ["generation_config.json"] : [];
  return [".gitattributes", "README.md", ...own, ...extra].map((rfilename) => ({ rfilename }));
}

/** The catalog record of `seed`, as one JSON Lines object. */
export function buildRecord(seed: Seed): Record<string, unknown> {
  const random = randomStream(seed.id);
  const downloads = Math.round(TIER_DOWNLOADS[seed.pop ?? 2] * (0.2 + 1.6 * random()));
  const likes = Math.round(downloads ** 0.55 * (0.3 + random()));
  // Created within four months of the family's release; last changed within a year and a half after that.
  const era = eraOf(seed.id, UNKNOWN_ERA);
  const created = Math.min(era + Math.floor(random() * 120 * DAY), LAST_DAY - DAY);
  const modified = created + Math.floor(random() * Math.min(LAST_DAY - created, 540 * DAY));
  const tags = [
    ...(seed.library ? [seed.library] : []),
    ...(seed.tags ?? []),
    ...(seed.task ? [seed.task] : []),
    `license:${seed.license ?? "apache-2.0"}`,
    "region:us",
  ];
  // A model that transformers also loads (a sentence-transformers model's BertModel…) gets the auto classes its config
  // names, as an upload of its config.json would derive them; otherwise its Transformers tab would say "unknown".
  const derived =
    seed.library !== "transformers" && seed.tags?.includes("transformers") && seed.config
      ? (deriveTransformersInfo(seed.config) ?? undefined)
      : undefined;
  const transformersInfo =
    seed.transformersInfo ??
    (seed.library === "transformers" && seed.task && AUTO_CLASSES[seed.task]
      ? { ...AUTO_CLASSES[seed.task], pipeline_tag: seed.task }
      : derived);
  const widget = seed.widget ?? (seed.task ? DEFAULT_WIDGETS[seed.task] : undefined);
  const record: Record<string, unknown> = {
    id: seed.id,
    library_name: seed.library,
    pipeline_tag: seed.task,
    tags: [...new Set(tags)],
    config: seed.config,
    transformersInfo,
    widgetData: widget ? [...widget] : undefined,
    inferenceProviderMapping: providerMapping(seed),
    siblings: files(seed),
    downloads,
    likes,
    createdAt: new Date(created).toISOString(),
    lastModified: new Date(modified).toISOString(),
  };
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
