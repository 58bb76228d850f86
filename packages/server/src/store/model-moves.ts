// Moving a model to a new id, and the redirects its old ids leave behind. Every table keyed by the model (files,
// downloads, heads, LFS objects, tags) hangs off `models.pk`, so a move rewrites one row and the redirects.
import { type Kysely, sql } from "kysely";
import { idIs } from "../db/model-id-key.js";
import type { HubDatabase } from "../db/schema.js";
import { namespaceOf } from "../validation/model-id.js";
import { idTaken } from "./id-taken.js";

/** One redirect: requests naming `from` (any case) are sent to `to`. */
export interface ModelRedirect {
  /** The old id, lowercased (ids compare case-insensitively). */
  from: string;
  /** The id the model has now. */
  to: string;
}

/** The move methods of the Store. */
export interface ModelMoveStore {
  /**
   * Renames model `from` to `to` and leaves a redirect from the old id (none for a case-only rename), in one
   * transaction: redirects that led to `from` now lead to `to`, and a redirect that held `to` is dropped. False when
   * no model has id `from`; a `conflict` when another model has id `to`.
   */
  moveModel(from: string, to: string): Promise<boolean>;
  /** The id a moved model now has, when `id` (any case) is an old id of one; null otherwise. */
  redirectOf(id: string): Promise<string | null>;
  /** Drops the redirect of old id `id`, when there is one (a new model takes the name). */
  dropRedirect(id: string): Promise<void>;
  /** Every redirect (the start-up repair finishes moves cut short by a crash). */
  redirects(): Promise<ModelRedirect[]>;
}

const key = (id: string): string => id.toLowerCase();

/** The move methods over `db`. */
export function createModelMoveStore(db: Kysely<HubDatabase>): ModelMoveStore {
  return {
    moveModel: (from, to) =>
      db.transaction().execute(async (tx) => {
        // Ids compare case-insensitively: `to` is taken by any other model with the same lowercased id.
        const taken = await tx.selectFrom("models").select("id").where(idIs(to)).executeTakeFirst();
        if (taken && key(taken.id) !== key(from)) throw idTaken(to, taken.id);
        const moved = await tx
          .updateTable("models")
          .set({ id: to, author: namespaceOf(to) })
          .where(idIs(from))
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) return false;
        await tx.deleteFrom("model_redirects").where("from_id", "=", key(to)).execute();
        await tx.updateTable("model_redirects").set({ to_id: to }).where(sql`lower(to_id)`, "=", key(from)).execute();
        if (key(from) !== key(to)) {
          await tx.deleteFrom("model_redirects").where("from_id", "=", key(from)).execute();
          await tx
            .insertInto("model_redirects")
            .values({ from_id: key(from), to_id: to })
            .execute();
        }
        return true;
      }),

    async redirectOf(id) {
      const row = await db
        .selectFrom("model_redirects")
        .select("to_id")
        .where("from_id", "=", key(id))
        .executeTakeFirst();
      return row?.to_id ?? null;
    },

    async dropRedirect(id) {
      await db.deleteFrom("model_redirects").where("from_id", "=", key(id)).execute();
    },

    async redirects() {
      const rows = await db.selectFrom("model_redirects").select(["from_id", "to_id"]).orderBy("from_id").execute();
      return rows.map((r) => ({ from: r.from_id, to: r.to_id }));
    },
  };
}
