// The record of `GET /api/models/{id}[/revision/{rev}]` in the field's shape: the hub's record plus `_id`, `sha`,
// `private`, `gated`, `disabled`, `cardData` and `siblings` of that revision (with sizes, blob ids and LFS facts when
// `blobs=true`). `expand` keeps only the named fields, as the field does.
import { hash } from "node:crypto";
import { createLruCache } from "../cache/lru-cache.js";
import { CARD_FILE, parseCardMetadata } from "../card/card-metadata.js";
import { MAX_METADATA_FILE_BYTES } from "../card/metadata-files.js";
import type { HubModel } from "../models/hub-model.js";
import type { ModelRepos, RepoEntry, RepoSnapshot } from "../repos/model-repos.js";

/** One file of `siblings`. */
export interface Sibling {
  /** Path in the repository. */
  rfilename: string;
  /** Size in bytes. */
  size?: number;
  /** git blob id (with `blobs=true`). */
  blobId?: string;
  /** LFS facts (with `blobs=true`, LFS files only). */
  lfs?: { sha256: string; size: number; pointerSize: number };
}

/** A stable 24-hex `_id` for a model (the field's ids are 24-hex object ids). */
export function modelObjectId(id: string): string {
  // One-shot hash: a list page of 100 models hashes 100 ids, and a Hash object per id cost 2-3x the digest itself.
  return hash("sha256", id.toLowerCase(), "hex").slice(0, 24);
}

/** `siblings` of a snapshot. */
export function siblingsOf(snapshot: RepoSnapshot, blobs: boolean): Sibling[] {
  return snapshot.files.map((entry: RepoEntry) =>
    blobs
      ? {
          rfilename: entry.path,
          size: entry.size,
          blobId: entry.oid,
          ...(entry.lfs
            ? { lfs: { sha256: entry.lfs.sha256, size: entry.lfs.size, pointerSize: entry.lfs.pointerSize } }
            : {}),
        }
      : { rfilename: entry.path, size: entry.size },
  );
}

// The front matter of a README blob, by blob id (immutable): card data is asked for on every model read.
const cardCache = createLruCache<string, Record<string, unknown> | null>({ max: 2_000, ttlMs: 3600_000 });

function readableCard(snapshot: RepoSnapshot): RepoEntry | null {
  const entry = snapshot.byPath.get(CARD_FILE);
  return !entry || entry.lfs || entry.size > MAX_METADATA_FILE_BYTES ? null : entry;
}

/** What `cardDataOf` answers when it needs no read (no card, or its front matter in memory); else undefined. */
export function cachedCardData(snapshot: RepoSnapshot): Record<string, unknown> | null | undefined {
  const entry = readableCard(snapshot);
  return entry ? cardCache.get(entry.oid) : null;
}

/** The README.md front matter of `snapshot`, or null when there is none (or it cannot be read). */
export async function cardDataOf(
  repos: ModelRepos,
  id: string,
  snapshot: RepoSnapshot,
): Promise<Record<string, unknown> | null> {
  const entry = readableCard(snapshot);
  if (!entry) return null;
  const cached = cardCache.get(entry.oid);
  if (cached !== undefined) return cached;
  let data: Record<string, unknown> | null = null;
  try {
    const frontMatter = parseCardMetadata((await repos.readBlob(id, entry.oid)).toString("utf8")).frontMatter;
    data = Object.keys(frontMatter).length > 0 ? frontMatter : null;
  } catch {
    // A card git holds but the hub cannot read has no card data.
  }
  cardCache.set(entry.oid, data);
  return data;
}

/** What the info of one model is built from. */
export interface ModelInfoParts {
  /** The record. */
  model: HubModel;
  /** The revision's commit and files, or null for a model without a repository. */
  snapshot: RepoSnapshot | null;
  /** README front matter of that revision. */
  cardData: Record<string, unknown> | null;
  /** `blobs=true`. */
  blobs: boolean;
  /** `expand` values (empty: everything). */
  expand: readonly string[];
}

/** The JSON object of a model's info. */
export function modelInfo(parts: ModelInfoParts): Record<string, unknown> {
  const { model, snapshot } = parts;
  const full: Record<string, unknown> = {
    _id: modelObjectId(model.id),
    ...model,
    modelId: model.id,
    private: model.private ?? false,
    gated: false,
    disabled: false,
    ...(snapshot ? { sha: snapshot.commit } : {}),
    ...(parts.cardData ? { cardData: parts.cardData } : {}),
    siblings: snapshot ? siblingsOf(snapshot, parts.blobs) : (model.siblings ?? []),
  };
  if (parts.expand.length === 0) return full;
  const picked: Record<string, unknown> = { _id: full._id, id: full.id };
  for (const key of parts.expand) if (key in full) picked[key] = full[key];
  return picked;
}

/** The fields a model read adds to a record without a repository (tests compare reads with records through it). */
export function infoOfRecord(model: HubModel): Record<string, unknown> {
  return modelInfo({ model, snapshot: null, cardData: null, blobs: false, expand: [] });
}

// Serialized infos, per record object and revision: the read cache hands out one object per record until the record
// changes (any write replaces it), and a commit's files and card never change, so the JSON of a record at a commit
// with the same options is the same text. Kept weakly: a replaced record takes its texts with it. Kept as the bytes
// sent: a string body is measured and encoded again on every send.
const serialized = new WeakMap<HubModel, Map<string, Buffer>>();
/** Texts kept per record (revisions × option sets actually asked for). */
const MAX_TEXTS_PER_RECORD = 32;

/** `modelInfo(parts)` as UTF-8 JSON, built once per record object, commit and options. */
export function modelInfoBody(parts: ModelInfoParts): Buffer {
  const key = `${parts.snapshot?.commit ?? ""}|${parts.blobs}|${parts.expand.join(",")}`;
  let texts = serialized.get(parts.model);
  const hit = texts?.get(key);
  if (hit !== undefined) return hit;
  const body = Buffer.from(JSON.stringify(modelInfo(parts)));
  if (!texts) {
    texts = new Map();
    serialized.set(parts.model, texts);
  }
  if (texts.size >= MAX_TEXTS_PER_RECORD) texts.clear();
  texts.set(key, body);
  return body;
}
