// Multi-row writes of model rows. Building a 500-row query is most of an import's CPU, so the SQL of a full chunk
// is compiled once per store and rebound with each chunk's values.
import type { CompiledQuery, Insertable, Kysely } from "kysely";
import { ID_KEY } from "../db/model-id-key.js";
import type { HubDatabase, ModelsTable } from "../db/schema.js";
import { keepCountedDownloads } from "./counted-downloads.js";

/** Rows per INSERT statement: 10 parameters each stays far below both dialects' parameter limits. */
export const ROWS_PER_INSERT = 500;

/** A row as written. */
export type ModelRow = Insertable<ModelsTable>;

/** The columns of a write, in the order their values are bound. */
export const ROW_COLUMNS = [
  "id",
  "author",
  "library_name",
  "pipeline_tag",
  "tags",
  "downloads",
  "likes",
  "last_modified",
  "created_at",
  "data",
] as const satisfies readonly (keyof ModelRow)[];

// The columns an upsert replaces.
const VALUE_COLUMNS = ROW_COLUMNS.filter((c) => c !== "id");

type WriteKind = "upsert" | "append";

function writeQuery(db: Kysely<HubDatabase>, kind: WriteKind, rowCount: number): CompiledQuery {
  const template = Array.from({ length: rowCount }, () =>
    Object.fromEntries(ROW_COLUMNS.map((c) => [c, null])),
  ) as unknown as ModelRow[];
  const insert = db.insertInto("models").values(template);
  const query =
    kind === "append"
      ? insert
      : // A row whose id differs only in case from the stored one is left alone (and counted as not written); so is a
        // row equal to the stored one: a re-import of unchanged records then rewrites no index entry, tag row or page.
        insert.onConflict((oc) =>
          oc
            .expression(ID_KEY)
            .doUpdateSet((eb) => ({
              ...Object.fromEntries(VALUE_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
              downloads: keepCountedDownloads(eb, eb.ref("excluded.downloads")),
            }))
            .where((eb) =>
              eb.and([
                eb("models.id", "=", eb.ref("excluded.id")),
                eb.or(VALUE_COLUMNS.map((c) => eb(`models.${c}`, "is distinct from", eb.ref(`excluded.${c}`)))),
              ]),
            ),
        );
  const compiled = query.compile();
  if (compiled.parameters.length !== rowCount * ROW_COLUMNS.length) throw new Error("unexpected write parameters");
  return compiled;
}

/** Writes rows in chunks: `upsert` replaces rows of existing ids, `append` only inserts (bulk load, no id index). */
export interface RowWriter {
  /**
   * Inserts or replaces `rows` through `db` (a transaction); returns how many were written: fewer than given when a
   * row equals the stored one, or its id differs only in case from the stored one (those rows are skipped).
   */
  upsert(db: Kysely<HubDatabase>, rows: readonly ModelRow[]): Promise<number>;
  /** Inserts `rows` through `db`, duplicates of an id included. */
  append(db: Kysely<HubDatabase>, rows: readonly ModelRow[]): Promise<void>;
}

/** A writer whose full-chunk statements are compiled on first use. */
export function createRowWriter(db: Kysely<HubDatabase>): RowWriter {
  const fullChunks = new Map<WriteKind, CompiledQuery>();
  const compiled = (kind: WriteKind, rowCount: number) => {
    if (rowCount !== ROWS_PER_INSERT) return writeQuery(db, kind, rowCount);
    let query = fullChunks.get(kind);
    if (!query) {
      query = writeQuery(db, kind, rowCount);
      fullChunks.set(kind, query);
    }
    return query;
  };
  const write = async (kind: WriteKind, target: Kysely<HubDatabase>, rows: readonly ModelRow[]) => {
    let written = 0;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT);
      // A loop into one array: flatMap's array per row cost an import's writing thread 5 µs a row.
      const parameters: unknown[] = new Array(chunk.length * ROW_COLUMNS.length);
      let at = 0;
      for (const row of chunk) for (const column of ROW_COLUMNS) parameters[at++] = row[column] ?? null;
      const result = await target.executeQuery({ ...compiled(kind, chunk.length), parameters });
      written += Number(result.numAffectedRows ?? 0n);
    }
    return written;
  };
  return {
    upsert: (target, rows) => write("upsert", target, rows),
    append: async (target, rows) => {
      await write("append", target, rows);
    },
  };
}
