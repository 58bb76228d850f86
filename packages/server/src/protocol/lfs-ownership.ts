// Which LFS objects a repository owns: those any revision of its git history points at (lfs-references.ts), and
// those its index lists (indexed revisions, and objects whose bytes were uploaded to it). The blob store is shared
// and deduplicated by sha256, so without this check anyone who learns an object's hash (from a private model, say)
// could commit or push a pointer to it in their own repository and download it, and the batch API's "already
// stored" answer would tell them the object exists. A repository hands out, and accepts pointers to, only what it
// owns; an object stored for another repository is treated as absent until its bytes are uploaded here.

import type { LfsReferences } from "./lfs-references.js";
import type { RepoDirectory } from "./register-protocol.js";

/** The database half of ownership (the Store answers it; tests may keep it in memory). */
export interface LfsObjectIndex {
  /** Of `oids`, those the index lists for model `id`. */
  owned(id: string, oids: readonly string[]): Promise<readonly string[]>;
  /** Every object the index lists for model `id` (null: no such model). */
  all(id: string): Promise<readonly string[] | null>;
  /** Records an upload of object `oid` to model `id`; false when there is no such model. */
  claim(id: string, oid: string): Promise<boolean>;
}

/** The ownership check every LFS path (batch, verify, commit, push) asks. */
export interface LfsOwnership {
  /** Of `oids`, those model `id`'s repository owns. */
  owned(id: string, oids: readonly string[]): Promise<ReadonlySet<string>>;
  /** Every object model `id`'s repository owns (a push's pointers are checked against it). */
  all(id: string): Promise<ReadonlySet<string>>;
  /** Records that object `oid`'s bytes, checked against its sha256, were uploaded to model `id`. */
  claim(id: string, oid: string): Promise<boolean>;
}

/** Ownership from the index first (one query), then from git's history for what the index does not list. */
export function createLfsOwnership(
  index: LfsObjectIndex,
  references: LfsReferences,
  repos: RepoDirectory,
): LfsOwnership {
  return {
    async owned(id, oids) {
      const owned = new Set(await index.owned(id, oids));
      const rest = oids.filter((oid) => !owned.has(oid));
      if (rest.length > 0 && (await repos.exists(id))) {
        for (const oid of await references.referenced(repos.gitDir(id), rest)) owned.add(oid);
      }
      return owned;
    },
    async all(id) {
      const owned = new Set(await index.all(id));
      if (await repos.exists(id)) for (const oid of await references.all(repos.gitDir(id))) owned.add(oid);
      return owned;
    },
    claim: (id, oid) => index.claim(id, oid),
  };
}

/** An index kept in memory, for protocol tests without a database. */
export function memoryLfsIndex(): LfsObjectIndex {
  const byModel = new Map<string, Set<string>>();
  const of = (id: string) => byModel.get(id.toLowerCase()) ?? new Set<string>();
  return {
    owned: async (id, oids) => oids.filter((oid) => of(id).has(oid)),
    all: async (id) => [...of(id)],
    async claim(id, oid) {
      byModel.set(id.toLowerCase(), of(id).add(oid));
      return true;
    },
  };
}
