// The index of git repositories in the database: after each commit, the record, the file list of `main`, its head
// and the LFS objects it points at are written in one transaction (see repos/repo-index.ts).
import type { Kysely, Selectable } from "kysely";
import { CARD_FILE } from "../card/card-metadata.js";
import type { ModelFilesTable } from "../db/file-schema.js";
import { idIs } from "../db/model-id-key.js";
import type { HubDatabase } from "../db/schema.js";
import type { RepoFile } from "../files/repo-file.js";
import type { HubModel } from "../models/hub-model.js";
import { fromRow, toRow } from "./model-row.js";
import { saveModelRow } from "./save-model-row.js";

/** Rows per INSERT, far below both dialects' parameter limits. */
const ROWS_PER_INSERT = 400;

/** What one commit changes in the index. */
export interface RepoIndexUpdate {
  /** The new head of `main`. */
  head: string;
  /** Every file of `main` at that head. */
  files: readonly RepoFile[];
  /** LFS objects the new commit points at (added to the repository's list; old ones stay for old revisions). */
  lfsObjects: readonly string[];
  /** The README's searchable words when it changed (card/card-words.ts), null when it is gone; absent: unchanged. */
  cardWords?: string | null;
}

/** A model's indexed repository: its head and files. */
export interface IndexedRepo {
  /** The model id as stored. */
  id: string;
  /** Head of `main` as last indexed. */
  head: string;
}

/** The repository index methods of the Store. */
export interface RepoIndexStore {
  /**
   * Writes `update` for model `id`, with the record `record(current)` (current is null for a model not in the
   * database; returning null then writes nothing): one transaction. The files this replaced are returned; false when
   * nothing was written.
   */
  indexRepository(
    id: string,
    update: RepoIndexUpdate,
    record: (current: HubModel | null) => HubModel | null,
  ): Promise<RepoFile[] | false>;
  /** Every model with an indexed repository. */
  indexedRepositories(): Promise<IndexedRepo[]>;
  /** The head of `main` as indexed, or null. */
  indexedHead(id: string): Promise<string | null>;
  /** Every LFS object of the model's history, and of its rows from before git; null when there is no such model. */
  lfsObjectsOf(id: string): Promise<string[] | null>;
  /** Indexed READMEs (by git blob id) whose words are not stored: models indexed before card search existed. */
  unsearchedCards(): Promise<UnsearchedCard[]>;
  /** Stores the card words of model `id` (see card/card-words.ts); false when there is no such model. */
  setCardWords(id: string, words: string): Promise<boolean>;
}

/** A model whose README is indexed but not its words. */
export interface UnsearchedCard {
  /** The model id as stored. */
  id: string;
  /** The README's file row. */
  file: RepoFile;
}

/** A file row as a RepoFile. */
export function fileFromRow(row: Selectable<ModelFilesTable>): RepoFile {
  return {
    path: row.path,
    sha256: row.sha256,
    size: Number(row.size),
    updatedAt: row.updated_at,
    ...(row.oid === null ? {} : { oid: row.oid }),
    ...(Number(row.lfs) === 1 ? { lfs: true } : {}),
  };
}

/** Sets (string), deletes (null) or leaves (undefined) the card words of model `pk`. */
export async function writeCardWords(db: Kysely<HubDatabase>, pk: number, words: string | null | undefined) {
  if (words === undefined) return;
  if (words === null) {
    await db.deleteFrom("model_card_text").where("model_pk", "=", pk).execute();
    return;
  }
  await db
    .insertInto("model_card_text")
    .values({ model_pk: pk, words })
    .onConflict((oc) => oc.column("model_pk").doUpdateSet({ words }))
    .execute();
}

/** The repository index over an open, migrated database. */
export function createRepoIndexStore(db: Kysely<HubDatabase>): RepoIndexStore {
  return {
    indexRepository: (id, update, record) =>
      db.transaction().execute(async (tx) => {
        // Locks the row (PostgreSQL) or the database (SQLite) for the rest of the transaction.
        const row = await tx
          .updateTable("models")
          .set((eb) => ({ last_modified: eb.ref("last_modified") }))
          .where(idIs(id))
          .returningAll()
          .executeTakeFirst();
        const model = record(row ? fromRow(row) : null);
        if (!model) return false;
        const siblings = update.files.map((f) => ({ rfilename: f.path, size: f.size }));
        const pk = await saveModelRow(tx, toRow({ ...model, siblings }));
        const before = (await tx.selectFrom("model_files").selectAll().where("model_pk", "=", pk).execute()).map(
          fileFromRow,
        );
        await tx.deleteFrom("model_files").where("model_pk", "=", pk).execute();
        for (let start = 0; start < update.files.length; start += ROWS_PER_INSERT) {
          const rows = update.files.slice(start, start + ROWS_PER_INSERT).map((f) => ({
            model_pk: pk,
            path: f.path,
            sha256: f.sha256,
            size: f.size,
            updated_at: f.updatedAt,
            oid: f.oid ?? null,
            lfs: f.lfs ? 1 : 0,
          }));
          await tx.insertInto("model_files").values(rows).execute();
        }
        await tx
          .insertInto("model_heads")
          .values({ model_pk: pk, head: update.head })
          .onConflict((oc) => oc.column("model_pk").doUpdateSet({ head: update.head }))
          .execute();
        const objects = [...new Set(update.lfsObjects)];
        for (let start = 0; start < objects.length; start += ROWS_PER_INSERT) {
          const rows = objects.slice(start, start + ROWS_PER_INSERT).map((sha256) => ({ model_pk: pk, sha256 }));
          await tx
            .insertInto("model_lfs_objects")
            .values(rows)
            .onConflict((oc) => oc.columns(["model_pk", "sha256"]).doNothing())
            .execute();
        }
        await writeCardWords(tx, pk, update.cardWords);
        const kept = new Set(update.files.map((f) => `${f.path}\n${f.sha256}`));
        return before.filter((f) => !kept.has(`${f.path}\n${f.sha256}`));
      }),

    async indexedRepositories() {
      const rows = await db
        .selectFrom("model_heads")
        .innerJoin("models", "models.pk", "model_heads.model_pk")
        .select(["models.id", "model_heads.head"])
        .execute();
      return rows.map((r) => ({ id: r.id, head: r.head }));
    },

    async indexedHead(id) {
      const row = await db
        .selectFrom("model_heads")
        .innerJoin("models", "models.pk", "model_heads.model_pk")
        .select("model_heads.head")
        .where(idIs(id, "models.id"))
        .executeTakeFirst();
      return row?.head ?? null;
    },

    async unsearchedCards() {
      const rows = await db
        .selectFrom("model_files")
        .innerJoin("models", "models.pk", "model_files.model_pk")
        .selectAll("model_files")
        .select("models.id")
        .where("model_files.path", "=", CARD_FILE)
        .where("model_files.oid", "is not", null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("model_card_text")
                .select("model_card_text.model_pk")
                .whereRef("model_card_text.model_pk", "=", "model_files.model_pk"),
            ),
          ),
        )
        .execute();
      return rows.map((row) => ({ id: row.id, file: fileFromRow(row) }));
    },

    async setCardWords(id, words) {
      const model = await db.selectFrom("models").select("pk").where("id", "=", id).executeTakeFirst();
      if (!model) return false;
      await writeCardWords(db, model.pk, words);
      return true;
    },

    async lfsObjectsOf(id) {
      const model = await db.selectFrom("models").select("pk").where(idIs(id)).executeTakeFirst();
      if (!model) return null;
      const [objects, files] = await Promise.all([
        db.selectFrom("model_lfs_objects").select("sha256").where("model_pk", "=", model.pk).execute(),
        db
          .selectFrom("model_files")
          .select("sha256")
          .where("model_pk", "=", model.pk)
          .where("oid", "is", null)
          .execute(),
      ]);
      return [...new Set([...objects, ...files].map((r) => r.sha256))];
    },
  };
}
