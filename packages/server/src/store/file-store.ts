// Repository files and download counts over Kysely, for both dialects. The model row is the lock: every write
// first updates it, so concurrent writes to one model's files queue up and its `siblings` always match its rows.
import { type Kysely, sql, type Transaction } from "kysely";
import { idIn, idIs } from "../db/model-id-key.js";
import type { HubDatabase } from "../db/schema.js";
import type { DownloadIncrement } from "../downloads/download-counter.js";
import type { RecordUpdate, RepoFile, RepoFileStore } from "../files/repo-file.js";
import type { HubModel } from "../models/hub-model.js";
import { fromRow, toRow } from "./model-row.js";
import { fileFromRow } from "./repo-index-store.js";
import { saveModelRow } from "./save-model-row.js";

/** The hub's database (the file tables are part of it). */
export type FilesDatabase = HubDatabase;

type Tx = Transaction<FilesDatabase>;

/** File rows per INSERT: 5 parameters each, far below both dialects' limits. */
const FILES_PER_INSERT = 500;

/** Hashes per `IN (…)` of a blob lookup, far below both dialects' parameter limits. */
const HASHES_PER_QUERY = 500;

// Thrown inside a transaction to roll it back when a write turns out to have nothing to do.
class NothingToDo extends Error {}

const toFile = fileFromRow;

// Locks the model's row for the rest of the transaction (an UPDATE locks in PostgreSQL; SQLite locks the whole
// database for a write transaction) and returns the record.
async function lockModel(tx: Tx, modelId: string): Promise<{ pk: number; model: HubModel } | null> {
  const row = await tx
    .updateTable("models")
    .set((eb) => ({ last_modified: eb.ref("last_modified") }))
    .where(idIs(modelId))
    .returningAll()
    .executeTakeFirst();
  return row ? { pk: row.pk, model: fromRow(row) } : null;
}

async function filesOf(tx: Kysely<FilesDatabase>, pk: number): Promise<RepoFile[]> {
  const rows = await tx.selectFrom("model_files").selectAll().where("model_pk", "=", pk).orderBy("path").execute();
  return rows.map(toFile);
}

// Writes the record back with `siblings` rebuilt from the file rows, so both change in one transaction.
async function saveWithSiblings(tx: Tx, pk: number, model: HubModel, lastModified: string): Promise<void> {
  const siblings = (await filesOf(tx, pk)).map((f) => ({ rfilename: f.path, size: f.size }));
  const { id: _id, downloads: _downloads, ...columns } = toRow({ ...model, siblings, lastModified });
  await tx.updateTable("models").set(columns).where("pk", "=", pk).execute();
}

async function recountDownloads(tx: Tx, pks: readonly number[], windowStart: string): Promise<void> {
  if (pks.length === 0) return;
  await tx
    .updateTable("models")
    .set((eb) => ({
      downloads: eb.fn.coalesce(
        eb
          .selectFrom("model_downloads")
          .select((sub) => sub.fn.sum<number>("count").as("n"))
          .whereRef("model_downloads.model_pk", "=", "models.pk")
          .where("model_downloads.day", ">=", windowStart),
        eb.lit(0),
      ),
    }))
    .where("pk", "in", pks)
    .execute();
}

/** `model` with `siblings` read from its file rows when it has any (a record written later cannot contradict them). */
export async function withFileSiblings(db: Kysely<FilesDatabase>, pk: number, model: HubModel): Promise<HubModel> {
  const files = await filesOf(db, pk);
  return files.length === 0 ? model : { ...model, siblings: files.map((f) => ({ rfilename: f.path, size: f.size })) };
}

/** The RepoFileStore over an open, migrated database. */
export function createFileStore(db: Kysely<FilesDatabase>): RepoFileStore {
  return {
    async listFiles(modelId) {
      const model = await db.selectFrom("models").select("pk").where(idIs(modelId)).executeTakeFirst();
      return model ? filesOf(db, model.pk) : null;
    },

    async getFile(modelId, path) {
      const row = await db
        .selectFrom("model_files")
        .innerJoin("models", "models.pk", "model_files.model_pk")
        .selectAll("model_files")
        .select("models.library_name")
        .where(idIs(modelId, "models.id"))
        .where("model_files.path", "=", path)
        .executeTakeFirst();
      if (!row) return null;
      return { file: toFile(row), libraryName: row.library_name };
    },

    putFile: (modelId, file, update?: RecordUpdate) =>
      db.transaction().execute(async (tx) => {
        const locked = await lockModel(tx, modelId);
        if (!locked) return false;
        const previous = await tx
          .selectFrom("model_files")
          .selectAll()
          .where("model_pk", "=", locked.pk)
          .where("path", "=", file.path)
          .executeTakeFirst();
        const row = { path: file.path, sha256: file.sha256, size: file.size, updated_at: file.updatedAt };
        await tx
          .insertInto("model_files")
          .values({ model_pk: locked.pk, ...row })
          .onConflict((oc) => oc.columns(["model_pk", "path"]).doUpdateSet(row))
          .execute();
        const model = update ? update(locked.model) : locked.model;
        await saveWithSiblings(tx, locked.pk, model, file.updatedAt);
        return previous ? toFile(previous) : null;
      }),

    async deleteFile(modelId, path, now) {
      try {
        return await db.transaction().execute(async (tx) => {
          const locked = await lockModel(tx, modelId);
          if (!locked) throw new NothingToDo();
          const removed = await tx
            .deleteFrom("model_files")
            .where("model_pk", "=", locked.pk)
            .where("path", "=", path)
            .returningAll()
            .executeTakeFirst();
          if (!removed) throw new NothingToDo();
          await saveWithSiblings(tx, locked.pk, locked.model, now.toISOString());
          return toFile(removed);
        });
      } catch (error) {
        if (error instanceof NothingToDo) return null;
        throw error;
      }
    },

    replaceModelFiles: (model, files) =>
      db.transaction().execute(async (tx) => {
        const inserted = { pk: await saveModelRow(tx, toRow(model)) };
        const before = await filesOf(tx, inserted.pk);
        await tx.deleteFrom("model_files").where("model_pk", "=", inserted.pk).execute();
        for (let start = 0; start < files.length; start += FILES_PER_INSERT) {
          const rows = files.slice(start, start + FILES_PER_INSERT).map((f) => ({
            model_pk: inserted.pk,
            path: f.path,
            sha256: f.sha256,
            size: f.size,
            updated_at: f.updatedAt,
          }));
          await tx.insertInto("model_files").values(rows).execute();
        }
        await saveWithSiblings(tx, inserted.pk, model, model.lastModified);
        const kept = new Set(files.map((f) => `${f.path}\n${f.sha256}`));
        return before.filter((f) => !kept.has(`${f.path}\n${f.sha256}`));
      }),

    async blobInUse(sha256) {
      const row = await db
        .selectFrom("model_files")
        .select("model_pk")
        .where("sha256", "=", sha256)
        .limit(1)
        .executeTakeFirst();
      if (row) return true;
      // An LFS object of any revision of any repository stays downloadable.
      const lfs = await db
        .selectFrom("model_lfs_objects")
        .select("model_pk")
        .where("sha256", "=", sha256)
        .limit(1)
        .executeTakeFirst();
      return lfs !== undefined;
    },

    async blobsInUse(sha256s) {
      const used = new Set<string>();
      const unique = [...new Set(sha256s)];
      for (let start = 0; start < unique.length; start += HASHES_PER_QUERY) {
        const chunk = unique.slice(start, start + HASHES_PER_QUERY);
        const rows = await db
          .selectFrom("model_files")
          .select("sha256")
          .where("sha256", "in", chunk)
          .union(db.selectFrom("model_lfs_objects").select("sha256").where("sha256", "in", chunk))
          .execute();
        for (const row of rows) used.add(row.sha256);
      }
      return used;
    },

    addDownloads: (increments: readonly DownloadIncrement[], windowStart: string) =>
      db.transaction().execute(async (tx) => {
        const ids = [...new Set(increments.map((i) => i.modelId))];
        if (ids.length === 0) return;
        const models = await tx.selectFrom("models").select(["pk", "id"]).where(idIn(ids)).execute();
        // Ids are ASCII (validated), where lower() and toLowerCase() agree.
        const pkOf = new Map(models.map((m) => [m.id.toLowerCase(), m.pk]));
        for (const increment of increments) {
          const pk = pkOf.get(increment.modelId.toLowerCase());
          if (pk === undefined) continue; // Deleted since the download; its count goes with it.
          await tx
            .insertInto("model_downloads")
            .values({ model_pk: pk, day: increment.day, count: increment.count })
            .onConflict((oc) =>
              oc.columns(["model_pk", "day"]).doUpdateSet((eb) => ({
                count: eb("model_downloads.count", "+", eb.ref("excluded.count")),
              })),
            )
            .execute();
          await tx
            .updateTable("models")
            .set((eb) => ({ downloads_all_time: eb("downloads_all_time", "+", increment.count) }))
            .where("pk", "=", pk)
            .execute();
        }
        await recountDownloads(tx, [...pkOf.values()], windowStart);
      }),

    refreshDownloads: (windowStart) =>
      db.transaction().execute(async (tx) => {
        // The constant written out, not bound: the partial index on this very condition (COUNTED_INDEX) then applies.
        const counted = await tx
          .selectFrom("models")
          .select("pk")
          .where("downloads_all_time", ">", sql.lit(0))
          .execute();
        for (let start = 0; start < counted.length; start += FILES_PER_INSERT) {
          await recountDownloads(
            tx,
            counted.slice(start, start + FILES_PER_INSERT).map((m) => m.pk),
            windowStart,
          );
        }
      }),
  };
}
