// One chunk of a posting list (the models holding one filter value): the keys of 65,536 consecutive models, stored as
// a blob in `list_postings`. A few members are a sorted array of 16-bit offsets (2 bytes each); from 4,096 on, a bitset
// of 8,192 bytes is smaller. It is the container scheme of Roaring bitmaps, kept to the two operations a SQLite trigger
// needs (add or remove one key) and the one a list needs (intersect into a bitset): small enough to own, and decoded
// with bounds checks, so a damaged blob is an error rather than undefined behaviour in a native addon.

/** Bits of a key that select its chunk: a chunk holds 2^16 keys. */
export const CHUNK_SHIFT = 16;
/** Offsets of keys within a chunk. */
export const CHUNK_MASK = 0xffff;
/** 32-bit words of a chunk's bitset. */
export const CHUNK_WORDS = 2048;
const BITSET_BYTES = CHUNK_WORDS * 4;
/** Most members kept as an array: one more, and the bitset is no larger. */
const ARRAY_MAX = BITSET_BYTES / 2 - 1;

/** A blob that is no chunk (its length fits neither form). */
export class DamagedChunkError extends Error {
  constructor(length: number) {
    super(`a posting chunk of ${length} bytes is neither an array nor a bitset`);
  }
}

const isBitset = (blob: Uint8Array) => blob.length === BITSET_BYTES;
/** Whether this platform stores a Uint32Array's words as the chunks do (little-endian). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function checked(blob: Uint8Array): Uint8Array {
  if (!isBitset(blob) && (blob.length % 2 !== 0 || blob.length > ARRAY_MAX * 2)) {
    throw new DamagedChunkError(blob.length);
  }
  return blob;
}

const arrayAt = (blob: Uint8Array, i: number) => (blob[2 * i] as number) | ((blob[2 * i + 1] as number) << 8);

// Where `offset` is, or would go, in an array chunk: [index, found].
function search(blob: Uint8Array, offset: number): [number, boolean] {
  let lo = 0;
  let hi = blob.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = arrayAt(blob, mid);
    if (at === offset) return [mid, true];
    if (at < offset) lo = mid + 1;
    else hi = mid;
  }
  return [lo, false];
}

/** The chunk holding `offsets` (ascending, distinct, each below 2^16). */
export function encodeChunk(offsets: ArrayLike<number>): Uint8Array {
  if (offsets.length > ARRAY_MAX) {
    const out = new Uint8Array(BITSET_BYTES);
    for (let i = 0; i < offsets.length; i++) {
      const offset = offsets[i] as number;
      out[offset >>> 3] = (out[offset >>> 3] as number) | (1 << (offset & 7));
    }
    return out;
  }
  const out = new Uint8Array(offsets.length * 2);
  for (let i = 0; i < offsets.length; i++) {
    out[2 * i] = (offsets[i] as number) & 0xff;
    out[2 * i + 1] = (offsets[i] as number) >>> 8;
  }
  return out;
}

/**
 * The chunk holding the `count` members of `words` (a chunk's bitset): the bitset's own bytes when it is the smaller
 * form, else its members' offsets, read from the words without a list of numbers (a bulk load encodes a chunk of
 * every id trigram this way).
 */
export function encodeWords(words: Uint32Array, count: number): Uint8Array {
  if (count > ARRAY_MAX) {
    if (LITTLE_ENDIAN) return new Uint8Array(words.slice().buffer);
    const out = new Uint8Array(BITSET_BYTES);
    for (let w = 0; w < CHUNK_WORDS; w++) {
      const v = words[w] as number;
      for (let b = 0; b < 4; b++) out[4 * w + b] = (v >>> (8 * b)) & 0xff;
    }
    return out;
  }
  const offsets = new Uint16Array(count);
  let n = 0;
  for (let w = 0; w < CHUNK_WORDS; w++) {
    for (let v = words[w] as number; v !== 0; ) {
      const low = v & -v;
      offsets[n++] = w * 32 + 31 - Math.clz32(low);
      v ^= low;
    }
  }
  return encodeChunk(offsets);
}

/** `blob` (null: an empty chunk) with `offset` added. */
export function chunkWith(blob: Uint8Array | null, offset: number): Uint8Array {
  if (blob === null || blob.length === 0) return encodeChunk([offset]);
  checked(blob);
  if (isBitset(blob)) {
    const out = Uint8Array.from(blob);
    out[offset >>> 3] = (out[offset >>> 3] as number) | (1 << (offset & 7));
    return out;
  }
  const [at, found] = search(blob, offset);
  if (found) return blob;
  const out = new Uint8Array(blob.length + 2);
  out.set(blob.subarray(0, 2 * at), 0);
  out[2 * at] = offset & 0xff;
  out[2 * at + 1] = offset >>> 8;
  out.set(blob.subarray(2 * at), 2 * at + 2);
  // One member past the array's most: the same members as a bitset.
  return out.length / 2 > ARRAY_MAX
    ? encodeChunk(Array.from({ length: out.length / 2 }, (_, i) => arrayAt(out, i)))
    : out;
}

/** Whether `blob` holds `offset`. */
export function chunkHas(blob: Uint8Array, offset: number): boolean {
  checked(blob);
  if (isBitset(blob)) return (((blob[offset >>> 3] as number) >>> (offset & 7)) & 1) === 1;
  return search(blob, offset)[1];
}

/** `blob` with `offset` removed; an empty chunk is an empty blob. */
export function chunkWithout(blob: Uint8Array, offset: number): Uint8Array {
  checked(blob);
  if (isBitset(blob)) {
    const out = Uint8Array.from(blob);
    out[offset >>> 3] = (out[offset >>> 3] as number) & ~(1 << (offset & 7));
    return out.some((b) => b !== 0) ? out : new Uint8Array(0);
  }
  const [at, found] = search(blob, offset);
  if (!found) return blob;
  const out = new Uint8Array(blob.length - 2);
  out.set(blob.subarray(0, 2 * at), 0);
  out.set(blob.subarray(2 * at + 2), 2 * at);
  return out;
}

// An array chunk's offsets (little-endian, as stored): a view where the platform and alignment allow, else a copy.
function arrayOffsets(blob: Uint8Array): Uint16Array {
  if (LITTLE_ENDIAN && blob.byteOffset % 2 === 0) return new Uint16Array(blob.buffer, blob.byteOffset, blob.length / 2);
  return Uint16Array.from({ length: blob.length / 2 }, (_, i) => arrayAt(blob, i));
}

// The bitset's words (little-endian, as stored): a view where the platform and alignment allow, else a copy.
function bitsetWords(blob: Uint8Array): Uint32Array {
  if (LITTLE_ENDIAN && blob.byteOffset % 4 === 0) return new Uint32Array(blob.buffer, blob.byteOffset, CHUNK_WORDS);
  const words = new Uint32Array(CHUNK_WORDS);
  for (let w = 0; w < CHUNK_WORDS; w++) {
    const b = 4 * w;
    words[w] =
      ((blob[b] as number) |
        ((blob[b + 1] as number) << 8) |
        ((blob[b + 2] as number) << 16) |
        ((blob[b + 3] as number) << 24)) >>>
      0;
  }
  return words;
}

/** How many members `blob` holds. */
export function chunkSize(blob: Uint8Array): number {
  return isBitset(checked(blob)) ? countChunk(bitsetWords(blob)) : blob.length / 2;
}

/** How many bits of `v` (a 32-bit word) are set. */
export function bitCount(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * `words` (a chunk's bitset, CHUNK_WORDS long) and'ed with the members of `blob`; answers how many members are left
 * (counted in the same pass: a dense list at ten million models is 153 bitsets to cross).
 */
export const intersectChunk = (words: Uint32Array, blob: Uint8Array): number => andWords(words, otherWords(blob), true);

/**
 * As intersectChunk, answering only whether any member is left: a crossing that another list crosses next is not
 * counted (a popcount per word was a third of crossing three dense lists).
 */
export const crossChunk = (words: Uint32Array, blob: Uint8Array): boolean =>
  andWords(words, otherWords(blob), false) > 0;

/**
 * `words` and'ed with `other` (two chunks' bitsets) in place: the members left when `count`, else a number above 0
 * when any is.
 */
export function andWords(words: Uint32Array, other: Uint32Array, count: boolean): number {
  let left = 0;
  let any = 0;
  for (let w = 0; w < CHUNK_WORDS; w++) {
    const word = (words[w] as number) & (other[w] as number);
    words[w] = word;
    if (count) {
      if (word !== 0) left += bitCount(word);
    } else any |= word;
  }
  return count ? left : any === 0 ? 0 : 1;
}

// The words of `blob` to and with: a bitset's own, or an array's members written into a scratch bitset first (testing
// each member against the words took a mispredicted branch about every other member: a dense list of arrays, 523,000
// members, crossed a dense bitset list in 4.2 ms; 1.6 ms so).
function otherWords(blob: Uint8Array): Uint32Array {
  checked(blob);
  return isBitset(blob) ? bitsetWords(blob) : decodeChunkInto(blob, SCRATCH.fill(0));
}

/** The bitset an array chunk is written into before it is crossed (otherWords). */
const SCRATCH = new Uint32Array(CHUNK_WORDS);

/** The members of `blob` as a chunk's bitset (a new one, free to change). */
export const decodeChunk = (blob: Uint8Array): Uint32Array => decodeChunkInto(blob, new Uint32Array(CHUNK_WORDS));

/**
 * The members of `blob` written into `words` (CHUNK_WORDS long, all zero: a slice of one allocation for a whole list,
 * where a list of 153 chunks allocated 153 buffers of 8 KiB).
 */
export function decodeChunkInto(blob: Uint8Array, words: Uint32Array): Uint32Array {
  checked(blob);
  if (isBitset(blob)) {
    words.set(bitsetWords(blob));
    return words;
  }
  const offsets = arrayOffsets(blob);
  for (let i = 0; i < offsets.length; i++) {
    const offset = offsets[i] as number;
    words[offset >>> 5] = (words[offset >>> 5] as number) | (1 << (offset & 31));
  }
  return words;
}

/** A full chunk's bitset: every offset a member (the start of an intersection). */
export function fullChunk(): Uint32Array {
  return new Uint32Array(CHUNK_WORDS).fill(0xffffffff);
}

/** How many members a chunk's bitset holds. */
export function countChunk(words: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < CHUNK_WORDS; w++) {
    const v = words[w] as number;
    if (v !== 0) n += bitCount(v);
  }
  return n;
}

/** The members of a chunk's bitset, ascending. */
export function chunkOffsets(words: Uint32Array): number[] {
  const out: number[] = [];
  for (let w = 0; w < CHUNK_WORDS; w++) {
    let v = words[w] as number;
    while (v !== 0) {
      const low = v & -v;
      out.push(w * 32 + 31 - Math.clz32(low));
      v ^= low;
    }
  }
  return out;
}
