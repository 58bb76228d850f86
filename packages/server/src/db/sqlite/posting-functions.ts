// The SQL functions that keep `list_postings` (postings-index.ts): its triggers add and remove one model's key, a bulk
// load groups every key. Registered on every connection the hub opens; a connection without them (the sqlite3 shell)
// cannot write models, which is safer than writing them without their postings.
import type Database from "better-sqlite3";
import { chunkWith, chunkWithout, encodeChunk } from "./posting-chunks.js";

const asBytes = (blob: unknown): Uint8Array | null => (blob instanceof Uint8Array ? blob : null);

/** Registers posting_with(chunk, offset), posting_without(chunk, offset) and the aggregate posting_chunk(offset). */
export function registerPostingFunctions(db: Database.Database): void {
  db.function("posting_with", { deterministic: true }, (blob: unknown, offset: unknown) =>
    Buffer.from(chunkWith(asBytes(blob), Number(offset))),
  );
  db.function("posting_without", { deterministic: true }, (blob: unknown, offset: unknown) => {
    const bytes = asBytes(blob);
    return bytes === null ? null : Buffer.from(chunkWithout(bytes, Number(offset)));
  });
  db.aggregate("posting_chunk", {
    start: () => [] as number[],
    step: (offsets: number[], offset: unknown) => {
      offsets.push(Number(offset));
    },
    // A group's rows come in any order and may repeat a model (a tag listed twice).
    result: (offsets: number[]) => {
      const sorted = Uint16Array.from(offsets).sort();
      const distinct = sorted.filter((v, i) => i === 0 || v !== sorted[i - 1]);
      return Buffer.from(encodeChunk(distinct));
    },
  });
}
