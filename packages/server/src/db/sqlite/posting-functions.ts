// The SQL functions that keep `list_postings` (postings-index.ts): its triggers add and remove one model's key, a bulk
// load groups every key. Registered on every connection the hub opens; a connection without them (the sqlite3 shell)
// cannot write models, which is safer than writing them without their postings.
import type Database from "better-sqlite3";
import { KeyBuffer, packChunks, unpackChunks } from "./packed-postings.js";
import { chunkHas, chunkSize, chunkWith, chunkWithout } from "./posting-chunks.js";
import { distinctTrigrams } from "./search-trigrams.js";

const asBytes = (blob: unknown): Uint8Array | null => (blob instanceof Uint8Array ? blob : null);

/**
 * Registers posting_with(chunk, offset), posting_without(chunk, offset), posting_has(chunk, offset) and
 * posting_size(chunk) (its count of members), the aggregate
 * posting_list(key) (a filter value's keys packed, packed-postings.ts), the table-valued function
 * posting_list_chunks(packed) (its rows), and the table-valued function id_trigrams(id) (the trigrams whose lists hold
 * a model with that id).
 */
export function registerPostingFunctions(db: Database.Database): void {
  db.function("posting_with", { deterministic: true }, (blob: unknown, offset: unknown) =>
    Buffer.from(chunkWith(asBytes(blob), Number(offset))),
  );
  db.function("posting_without", { deterministic: true }, (blob: unknown, offset: unknown) => {
    const bytes = asBytes(blob);
    return bytes === null ? null : Buffer.from(chunkWithout(bytes, Number(offset)));
  });
  db.function("posting_has", { deterministic: true }, (blob: unknown, offset: unknown) => {
    const bytes = asBytes(blob);
    return bytes !== null && chunkHas(bytes, Number(offset)) ? 1 : 0;
  });
  db.function("posting_size", { deterministic: true }, (blob: unknown) => {
    const bytes = asBytes(blob);
    return bytes === null ? 0 : chunkSize(bytes);
  });
  db.aggregate("posting_list", {
    start: () => new KeyBuffer(),
    step: (keys: KeyBuffer, key: unknown) => keys.push(Number(key)),
    result: (keys: KeyBuffer) => Buffer.from(packChunks(keys.sorted())),
  });
  db.table("posting_list_chunks", {
    columns: ["chunk", "bits"],
    parameters: ["packed"],
    *rows(packed: unknown) {
      const bytes = asBytes(packed);
      if (bytes === null) return;
      for (const { chunk, bits } of unpackChunks(bytes)) yield { chunk, bits: Buffer.from(bits) };
    },
  });
  db.table("id_trigrams", {
    columns: ["trigram"],
    parameters: ["id"],
    *rows(id: unknown) {
      if (typeof id !== "string") return;
      for (const trigram of distinctTrigrams(id)) yield { trigram };
    },
  });
}
