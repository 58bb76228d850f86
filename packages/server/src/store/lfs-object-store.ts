// The LFS objects a model's repository owns, as the database lists them (`model_lfs_objects`): those an indexed
// revision points at, and those whose bytes were uploaded to it. Owning an object is what lets a repository hand it
// out and commit a pointer to it (protocol/lfs-ownership.ts adds what its git history references).
import type { Kysely } from "kysely";
import { idIs } from "../db/model-id-key.js";
import type { HubDatabase } from "../db/schema.js";

/** Oids per query, far below both dialects' parameter limits. */
const OIDS_PER_QUERY = 500;

/** The LFS object methods of the Store. */
export interface LfsObjectStore {
  /** Of `oids`, those model `id` owns by the database's list (none when there is no such model). */
  lfsObjectsOwned(id: string, oids: readonly string[]): Promise<string[]>;
  /** Records that object `sha256`'s bytes were uploaded to model `id`; false when there is no such model. */
  addLfsObject(id: string, sha256: string): Promise<boolean>;
}

/** The LFS object methods over `db`. */
export function createLfsObjectStore(db: Kysely<HubDatabase>): LfsObjectStore {
  return {
    async lfsObjectsOwned(id, oids) {
      const model = await db.selectFrom("models").select("pk").where(idIs(id)).executeTakeFirst();
      if (!model || oids.length === 0) return [];
      const owned: string[] = [];
      const unique = [...new Set(oids)];
      for (let start = 0; start < unique.length; start += OIDS_PER_QUERY) {
        const rows = await db
          .selectFrom("model_lfs_objects")
          .select("sha256")
          .where("model_pk", "=", model.pk)
          .where("sha256", "in", unique.slice(start, start + OIDS_PER_QUERY))
          .execute();
        owned.push(...rows.map((r) => r.sha256));
      }
      return owned;
    },

    async addLfsObject(id, sha256) {
      const model = await db.selectFrom("models").select("pk").where(idIs(id)).executeTakeFirst();
      if (!model) return false;
      await db
        .insertInto("model_lfs_objects")
        .values({ model_pk: model.pk, sha256 })
        .onConflict((oc) => oc.columns(["model_pk", "sha256"]).doNothing())
        .execute();
      return true;
    },
  };
}
