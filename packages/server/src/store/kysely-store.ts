// The Store over Kysely: the same code for SQLite and PostgreSQL; what differs comes from the DialectAdapter.
import type { Kysely } from "kysely";
import { createAccountStore } from "../accounts/kysely-account-store.js";
import type { CountedFilter, DialectAdapter } from "../db/dialect-adapter.js";
import { ID_KEY, idIn, idIs } from "../db/model-id-key.js";
import type { HubDatabase } from "../db/schema.js";
import type { HubError } from "../errors.js";
import { startBulkLoad } from "./bulk-load.js";
import { keepCountedDownloads } from "./counted-downloads.js";
import { type DatabaseLock, PROCESS_LOCAL_LOCK, type Release } from "./database-lock/database-lock.js";
import { createFileStore, withFileSiblings } from "./file-store.js";
import { idTaken } from "./id-taken.js";
import { createLfsObjectStore } from "./lfs-object-store.js";
import { listTotals } from "./list-facets.js";
import { listSearchPage } from "./list-search.js";
import { createModelMoveStore } from "./model-moves.js";
import { fromRow, toRow } from "./model-row.js";
import { createRenderedCardStore } from "./rendered-card-store.js";
import { createRepoIndexStore } from "./repo-index-store.js";
import { createRowWriter, type ModelRow, ROWS_PER_INSERT } from "./row-writer.js";
import type { Counted, Store, Visibility } from "./store.js";
import { hiddenModels, subtractCounted } from "./visibility.js";

// The last record of each id wins, as if the records were upserted one by one; two ids differing only in case are
// refused, as the second would be after the first (ids are ASCII: toLowerCase is the database's lower()).
function lastPerId(rows: readonly ModelRow[]): ModelRow[] {
  const byKey = new Map<string, ModelRow>();
  for (const row of rows) {
    const key = row.id.toLowerCase();
    const earlier = byKey.get(key);
    if (earlier && earlier.id !== row.id) throw idTaken(row.id, earlier.id);
    byKey.set(key, row);
  }
  return [...byKey.values()];
}

// The conflict of rows an upsert skipped, if one was skipped for its id: the first whose id differs only in case
// from the stored one (the throw rolls the transaction back, so nothing of the batch is written). Null when every
// skipped row was skipped for being unchanged.
async function caseConflict(db: Kysely<HubDatabase>, rows: readonly ModelRow[]): Promise<HubError | null> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const stored = await db
      .selectFrom("models")
      .select("id")
      .where(idIn(chunk.map((r) => r.id)))
      .execute();
    const storedByKey = new Map(stored.map((r) => [r.id.toLowerCase(), r.id]));
    for (const row of chunk) {
      const existing = storedByKey.get(row.id.toLowerCase());
      if (existing !== undefined && existing !== row.id) return idTaken(row.id, existing);
    }
  }
  return null;
}

async function counted(rows: Promise<{ id: string | null; count: number | string | bigint }[]>): Promise<Counted[]> {
  return (await rows).flatMap((r) => (r.id === null ? [] : [{ id: r.id, count: Number(r.count) }]));
}

/** What a store holds besides its connections. */
export interface KyselyStoreOptions {
  /** The database's serving and bulk-load locks (a bulk load runs only when no hub serves the database). */
  lock: DatabaseLock;
  /** Called after the connections are closed (a serving store releases its lock). */
  onClose?: () => Promise<void>;
}

/** A Store over an open, migrated database. */
export function createKyselyStore(
  db: Kysely<HubDatabase>,
  adapter: DialectAdapter,
  options: KyselyStoreOptions = { lock: PROCESS_LOCAL_LOCK },
): Store {
  const writer = createRowWriter(db);
  // Bulk-load locks taken and not yet released by a finish.
  const bulkLocks = new Set<Release>();
  const upsertRows = (given: readonly ModelRow[]) =>
    db.transaction().execute(async (tx) => {
      const rows = lastPerId(given);
      const written = await writer.upsert(tx, rows);
      if (written === rows.length) return written;
      const conflict = await caseConflict(tx, rows);
      if (conflict) throw conflict;
      return written;
    });

  // Every value of `filter` with its count of models, most used first, at most `limit` (none: all of them).
  const mostUsed = (filter: CountedFilter, limit?: number) => {
    const rows = db
      .selectFrom(adapter.countedValues(db, filter).as("c"))
      .select(["c.id", "c.count"])
      .orderBy("c.count", "desc")
      .orderBy("c.id");
    return counted((limit === undefined ? rows : rows.limit(limit)).execute());
  };

  // Models per value of `column`, less the private models `visibility` hides.
  async function countedColumn(column: "library_name" | "pipeline_tag", visibility?: Visibility): Promise<Counted[]> {
    const all = mostUsed(column);
    const hiddenQuery = hiddenModels(db, visibility);
    // Read through the index of private models: a test of the column (IS NOT NULL) led SQLite to scan an index of the
    // column instead, testing each row's flag (13 s at ten million models with none private). A model without the
    // value subtracts from no count.
    const hidden = hiddenQuery
      ? counted(
          hiddenQuery
            .select((eb) => [`${column} as id`, eb.fn.countAll<number>().as("count")])
            .groupBy(column)
            .execute(),
        )
      : Promise.resolve([]);
    const [full, less] = await Promise.all([all, hidden]);
    return subtractCounted(full, new Map(less.map((c) => [c.id, c.count])));
  }

  // How many hidden models carry each tag (private models are few, so their tags are read whole).
  async function hiddenTags(visibility?: Visibility): Promise<Map<string, number>> {
    const rows = (await hiddenModels(db, visibility)?.select("tags").execute()) ?? [];
    const out = new Map<string, number>();
    for (const row of rows)
      for (const tag of new Set(JSON.parse(row.tags) as string[])) out.set(tag, (out.get(tag) ?? 0) + 1);
    return out;
  }

  return {
    dialect: adapter.name,

    listModels: (query) => listSearchPage(db, adapter, query),

    async getModel(id) {
      const row = await db.selectFrom("models").selectAll().where(idIs(id)).executeTakeFirst();
      return row ? withFileSiblings(db, row.pk, fromRow(row)) : null;
    },

    async createModel(model) {
      const inserted = await db
        .insertInto("models")
        .values(toRow(model))
        .onConflict((oc) => oc.expression(ID_KEY).doNothing())
        .returning("pk")
        .executeTakeFirst();
      if (inserted) return;
      const existing = await db.selectFrom("models").select("id").where(idIs(model.id)).executeTakeFirst();
      throw idTaken(model.id, existing?.id ?? model.id);
    },

    async replaceModel(model) {
      const { id, downloads, ...columns } = toRow(model);
      const result = await db
        .updateTable("models")
        .set((eb) => ({ ...columns, downloads: keepCountedDownloads(eb, eb.val(downloads)) }))
        .where(idIs(id))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteModel(id) {
      const result = await db.deleteFrom("models").where(idIs(id)).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    upsertModels: (models) => upsertRows(models.map(toRow)),
    upsertRows,

    async startBulkLoad(mode = {}) {
      const release = await options.lock.tryBulk();
      if (!release) return null;
      bulkLocks.add(release);
      const done = async () => {
        bulkLocks.delete(release);
        await release();
      };
      return startBulkLoad(
        db,
        adapter,
        done,
        mode.keepIds
          ? { keepIds: true, upsert: async (rows) => void (await upsertRows(rows)) }
          : { keepIds: false, writer },
      );
    },

    async countModels(visibility) {
      const all = db.selectFrom("models").select((eb) => eb.fn.countAll<number>().as("n"));
      const hidden = hiddenModels(db, visibility)?.select((eb) => eb.fn.countAll<number>().as("n"));
      const [total, less] = await Promise.all([all.executeTakeFirstOrThrow(), hidden?.executeTakeFirstOrThrow()]);
      return Number(total.n) - Number(less?.n ?? 0);
    },

    countLibraries: (visibility) => countedColumn("library_name", visibility),

    countPipelines: (visibility) => countedColumn("pipeline_tag", visibility),

    async topTags(limit, visibility) {
      const hidden = await hiddenTags(visibility);
      // Subtracting can only push the hidden models' tags down the ranking: `hidden.size` more rows are enough.
      const top = await mostUsed("tag", limit + hidden.size);
      return subtractCounted(top, hidden).slice(0, limit);
    },

    async setPrivate(id, isPrivate) {
      const result = await db
        .updateTable("models")
        .set({ private: isPrivate ? 1 : 0 })
        .where(idIs(id))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    listTotals: (filters, tagLimit) => listTotals(db, adapter, filters, tagLimit),

    ...createFileStore(db),
    ...createRepoIndexStore(db),
    ...createModelMoveStore(db),
    ...createLfsObjectStore(db),

    accounts: createAccountStore(db),
    cards: createRenderedCardStore(db),

    async close() {
      try {
        await db.destroy();
      } finally {
        // A load left unfinished is cut off like a killed process's: the next store to open finishes it.
        for (const release of bulkLocks) await release();
        await options.onClose?.();
      }
    },
  };
}
