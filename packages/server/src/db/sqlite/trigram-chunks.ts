// One chunk of every id trigram's posting list, built from the ids of the chunk's models in one pass (a bulk load
// reads ids in key order, a chunk's worth at a time). Each trigram's members are set in a bitset, so a trigram an id
// repeats costs nothing more and no sort is needed; the chunk is then stored in the smaller of its two forms
// (posting-chunks.ts). Ids are ASCII (validation/model-id.ts): their trigrams are found by character codes, a slot per
// code triple, without building a string per trigram (340 million of them at ten million models); any other id is
// read as the search reads a term (search-trigrams.ts), by code point. The bitsets are one typed array, a trigram's
// at its index: at ten million models this pass is 340 million bit tests, where objects per trigram cost 70 ns each.
import { CHUNK_MASK, CHUNK_WORDS, encodeWords } from "./posting-chunks.js";
import { distinctTrigrams } from "./search-trigrams.js";

const ASCII_SLOTS = 1 << 21;

// An ASCII code folded to lower case, as String.prototype.toLowerCase folds it.
const folded = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

export class TrigramChunk {
  private readonly trigrams: string[] = [];
  private readonly byString = new Map<string, number>();
  // The index + 1 of each ASCII code triple's trigram (0: none yet).
  private readonly bySlot = new Int32Array(ASCII_SLOTS);
  private words = new Uint32Array(64 * CHUNK_WORDS);
  private counts = new Int32Array(64);

  /** Adds the model at `offset` (its key's place in the chunk) whose id is `id`. */
  add(offset: number, id: string): void {
    const at = offset & CHUNK_MASK;
    const word = at >>> 5;
    const bit = 1 << (at & 31);
    if (id.length < 3) return;
    let { words, counts } = this;
    const slots = this.bySlot;
    let a = folded(id.charCodeAt(0));
    let b = folded(id.charCodeAt(1));
    for (let i = 2; i < id.length; i++) {
      const c = folded(id.charCodeAt(i));
      // Beyond ASCII: the whole id by code point (the trigrams set so far are among its own).
      if ((a | b | c) > 127) {
        this.addByCodePoint(id, word, bit);
        return;
      }
      const slot = (a << 14) | (b << 7) | c;
      let index = (slots[slot] as number) - 1;
      if (index < 0) {
        index = this.indexOf(String.fromCharCode(a, b, c));
        slots[slot] = index + 1;
        ({ words, counts } = this);
      }
      const w = index * CHUNK_WORDS + word;
      const held = words[w] as number;
      if ((held & bit) === 0) {
        words[w] = held | bit;
        counts[index] = (counts[index] as number) + 1;
      }
      a = b;
      b = c;
    }
  }

  /** Every trigram added since the last drain with its chunk as stored; the chunk then starts empty. */
  *drain(): Generator<[trigram: string, bits: Uint8Array]> {
    for (let index = 0; index < this.trigrams.length; index++) {
      const count = this.counts[index] as number;
      if (count === 0) continue;
      const words = this.words.subarray(index * CHUNK_WORDS, (index + 1) * CHUNK_WORDS);
      yield [this.trigrams[index] as string, encodeWords(words, count)];
      words.fill(0);
      this.counts[index] = 0;
    }
  }

  private addByCodePoint(id: string, word: number, bit: number): void {
    for (const trigram of distinctTrigrams(id)) {
      const index = this.indexOf(trigram);
      const w = index * CHUNK_WORDS + word;
      const held = this.words[w] as number;
      if (held & bit) continue;
      this.words[w] = held | bit;
      this.counts[index] = (this.counts[index] as number) + 1;
    }
  }

  // The index of `trigram`, given on first sight (its bitset added to the array, doubled when full).
  private indexOf(trigram: string): number {
    let index = this.byString.get(trigram);
    if (index !== undefined) return index;
    index = this.trigrams.length;
    this.trigrams.push(trigram);
    this.byString.set(trigram, index);
    if (index === this.counts.length) {
      const words = new Uint32Array(this.words.length * 2);
      words.set(this.words);
      this.words = words;
      const counts = new Int32Array(this.counts.length * 2);
      counts.set(this.counts);
      this.counts = counts;
    }
    return index;
  }
}
