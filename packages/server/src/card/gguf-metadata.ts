// GGUF files feed the record's `gguf` object (architecture, context length, chat template, parameters, file type).
// Only the header is read, through the blob store, a few megabytes at most; a bad header is reported with a reason
// and the file is stored anyway.
//
// Every path that writes files calls these: the folder import and the upload route today; the commit endpoint of
// the repository layer (engineers `git-repos` / `accounts`) must call `readGgufFacts` for each `.gguf` it commits
// and apply the result with `applyGgufFacts`, as `ggufRecordUpdate` does for uploads.
import {
  defaultQuant,
  type GgufFacts,
  ggufQuants,
  ggufSplit,
  isGgufFile,
  type ModelRecord,
  type QuantLabel,
  readGgufHeader,
} from "@modelhub/snippets";
import type { BlobStore } from "../blobs/blob-store.js";

/** Bytes read first: the header of most models (vocabulary included) fits. */
export const GGUF_FIRST_READ_BYTES = 4 * 1024 * 1024;
/** Bytes read at most: a header that needs more is reported, never read further. */
export const GGUF_MAX_READ_BYTES = 32 * 1024 * 1024;

/** A stored file as the reader needs it. */
export interface GgufFileRef {
  /** Repository path. */
  path: string;
  /** Its blob. */
  sha256: string;
  /** Its size in bytes. */
  size: number;
}

/** The header's facts, or why there are none. */
export type GgufFactsResult = { ok: true; facts: GgufFacts } | { ok: false; reason: string };

async function readPrefix(blobs: BlobStore, sha256: string, length: number): Promise<Uint8Array | null> {
  const stream = await blobs.read(sha256, { start: 0, end: length - 1 });
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= length) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, length);
}

/** True for a GGUF file that carries the metadata: a whole file, or the first shard of a split one. */
export function carriesGgufHeader(path: string): boolean {
  return isGgufFile(path) && (ggufSplit(path)?.index ?? 1) === 1;
}

/** Reads the header of a stored GGUF file: 4 MiB first, more (doubling, up to 32 MiB) only when it needs it. */
export async function readGgufFacts(blobs: BlobStore, file: GgufFileRef): Promise<GgufFactsResult> {
  let length = Math.min(file.size, GGUF_FIRST_READ_BYTES);
  for (;;) {
    const bytes = await readPrefix(blobs, file.sha256, length);
    if (!bytes) return { ok: false, reason: "the file's content is missing" };
    const result = readGgufHeader(bytes);
    if (result.ok) return { ok: true, facts: result.facts };
    if (result.problem !== "truncated") return { ok: false, reason: result.reason };
    if (length >= file.size) return { ok: false, reason: `${result.reason} (the file ends there)` };
    const next = Math.min(file.size, Math.max(length * 2, result.neededBytes ?? 0));
    if (next > GGUF_MAX_READ_BYTES) {
      return { ok: false, reason: `the header is longer than ${GGUF_MAX_READ_BYTES} bytes (${result.reason})` };
    }
    length = next;
  }
}

/**
 * `record` with `gguf` taken from the file the quant picker starts on (Q4_K_M or the nearest) when `facts` has
 * it, else from the first file read; a record that already has `gguf` keeps it unless that file is read anew.
 */
export function applyGgufFacts<T extends ModelRecord>(record: T, facts: ReadonlyMap<string, GgufFacts>): T {
  if (facts.size === 0) return record;
  const siblings = [...(record.siblings ?? [])];
  for (const path of facts.keys()) if (!siblings.some((s) => s.rfilename === path)) siblings.push({ rfilename: path });
  const quants = ggufQuants(siblings);
  const label = defaultQuant(quants.filter((q) => q.known).map((q) => q.label as QuantLabel));
  const preferred = quants.find((q) => q.label === label)?.path;
  const chosen =
    (preferred !== undefined ? facts.get(preferred) : undefined) ??
    (record.gguf ? undefined : facts.values().next().value);
  return chosen ? { ...record, gguf: chosen } : record;
}
