// A repository's GGUF files as quants: one entry per quant, split files counted once, biggest first.
import type { Sibling } from "../model.js";
import { compareQuants } from "../quant-order.js";
import { parseQuantLabel, type QuantLabel } from "../quantization.js";

/** One quant of a repository: a single GGUF file, or the shards of a split one. */
export interface GgufQuant {
  /** The quant label (`Q4_K_M`, `UD-Q4_K_XL`), or the file name without `.gguf` when the name carries none. */
  label: string;
  /** True when `label` is a known quant label (then it sorts by size and the nearest-quant finder knows it). */
  known: boolean;
  /** The file a loader is given: the only file, or the first shard (`-00001-of-0000N.gguf`). */
  path: string;
  /** Every file of the quant, shards in order. */
  files: string[];
  /** Bytes of all files, when every size is known. */
  size?: number;
  /** For a split quant: how many shards its names announce. */
  shards?: number;
}

const GGUF_EXT = /\.gguf$/i;
const SPLIT = /-(\d{5})-of-(\d{5})\.gguf$/i;
// Vision projectors and similar companions are not quants of the model.
const COMPANION = /(^|\/)mmproj[^/]*$/i;

/** True for a `.gguf` path. */
export function isGgufFile(path: string): boolean {
  return GGUF_EXT.test(path);
}

/** For a shard name, its index and count (`x-00002-of-00003.gguf` → 2, 3); undefined for a whole file. */
export function ggufSplit(path: string): { index: number; count: number } | undefined {
  const match = SPLIT.exec(path);
  return match ? { index: Number(match[1]), count: Number(match[2]) } : undefined;
}

/** The quant label of one file: for GGUF model files whose name carries one (not vision projectors). */
export function ggufFileQuant(path: string): QuantLabel | undefined {
  return isGgufFile(path) && !COMPANION.test(path) ? parseQuantLabel(path) : undefined;
}

function stem(path: string): string {
  return (path.split("/").pop() ?? path).replace(SPLIT, "").replace(GGUF_EXT, "");
}

/**
 * The GGUF quants among `siblings`, biggest first (labels the finder does not know come last, by name).
 * `headerLabel` names the quant of a file whose name carries none (the hub reads it from the file's header).
 */
export function ggufQuants(
  siblings: readonly Sibling[],
  headerLabel: (path: string) => QuantLabel | undefined = () => undefined,
): GgufQuant[] {
  const groups = new Map<string, { label: string; known: boolean; files: Sibling[] }>();
  for (const sibling of siblings) {
    const path = sibling.rfilename;
    if (!isGgufFile(path) || COMPANION.test(path)) continue;
    const parsed = parseQuantLabel(path) ?? headerLabel(path);
    const label = parsed ?? stem(path);
    // Shards group by their label and the folder and name they share once the split suffix is dropped.
    const key = `${label}\u0000${path.replace(SPLIT, "")}`;
    const groupKey = ggufSplit(path) ? key : `${key}\u0000${path}`;
    const group = groups.get(groupKey) ?? { label, known: parsed !== undefined, files: [] };
    group.files.push(sibling);
    groups.set(groupKey, group);
  }
  const quants: GgufQuant[] = [];
  for (const { label, known, files } of groups.values()) {
    files.sort((a, b) => (ggufSplit(a.rfilename)?.index ?? 0) - (ggufSplit(b.rfilename)?.index ?? 0));
    const first = files[0] as Sibling;
    const sizes = files.map((f) => f.size);
    const split = ggufSplit(first.rfilename);
    quants.push({
      label,
      known,
      path: first.rfilename,
      files: files.map((f) => f.rfilename),
      ...(sizes.every((s) => s !== undefined) ? { size: sizes.reduce((a, b) => a + (b ?? 0), 0) } : {}),
      ...(split ? { shards: split.count } : {}),
    });
  }
  // A label seen twice (the same quant in two folders) keeps both entries, in path order.
  return quants.sort((a, b) => {
    if (a.known !== b.known) return a.known ? -1 : 1;
    const bySize = a.known ? compareQuants(a.label as QuantLabel, b.label as QuantLabel) : 0;
    if (bySize !== 0) return bySize;
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  });
}

/** The memory sizes (GB of RAM or VRAM) the quant picker offers. */
export const MEMORY_SIZES_GB = [8, 16, 24, 48, 80] as const;

/** How much of a machine's memory a quant may take: the rest is for the context (KV cache) and the runtime. */
export const MEMORY_HEADROOM = 1.2;

/** True when a quant of `sizeBytes` runs in `memoryGb` gigabytes (GiB) of RAM or VRAM, with headroom. */
export function fitsInMemory(sizeBytes: number, memoryGb: number): boolean {
  return sizeBytes * MEMORY_HEADROOM <= memoryGb * 1024 ** 3;
}
