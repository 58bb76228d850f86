// Moving a model (POST /api/repos/move): the record and its redirect first, in one transaction, then the git
// directory. A crash between the two leaves a redirect whose target has no repository while the old directory is
// still there; `finishInterruptedMoves` completes such moves at start-up, before the index repair (which would
// otherwise take the directory for a new model and the record for a deleted one).
import { HubError } from "../errors.js";
import type { KeyedLock } from "../files/keyed-lock.js";
import type { Store } from "../store/store.js";
import type { ModelRepos } from "./model-repos.js";
import { writeKey } from "./repo-index.js";

/** What a move needs. */
export interface ModelMoveDeps {
  /** Records and redirects. */
  store: Pick<Store, "getModel" | "moveModel" | "dropRedirect" | "redirects">;
  /** The git repositories. */
  repos: Pick<ModelRepos, "exists" | "move">;
  /** The per-model write lock of commits and pushes (keyed by lowercased id). */
  writes: KeyedLock;
}

// Both ids' locks, always taken in the same order, so two opposite moves cannot wait on each other.
function withBoth<T>(lock: KeyedLock, a: string, b: string, task: () => Promise<T>): Promise<T> {
  const [first, second] = [writeKey(a), writeKey(b)].sort() as [string, string];
  return first === second ? lock.run(first, task) : lock.run(first, () => lock.run(second, task));
}

/**
 * Moves model `from` to `to` with its repository, files, downloads and history; `from` then redirects to `to`.
 * False when there is no model `from`; a `conflict` when `to` is taken (by a record or a repository).
 */
export function moveModel(deps: ModelMoveDeps, from: string, to: string): Promise<boolean> {
  const { store, repos } = deps;
  return withBoth(deps.writes, from, to, async () => {
    if (writeKey(from) !== writeKey(to) && (await repos.exists(to))) {
      throw new HubError("conflict", `model "${to}" already exists`);
    }
    if (!(await store.moveModel(from, to))) return false;
    try {
      await repos.move(from, to);
    } catch (error) {
      // Back as it was: the record returns to its id, and the redirect the way back made is dropped.
      await store.moveModel(to, from);
      await store.dropRedirect(to);
      throw error;
    }
    return true;
  });
}

/** Completes moves whose record moved but whose repository did not (a crash in between); returns their new ids. */
export async function finishInterruptedMoves(deps: Omit<ModelMoveDeps, "writes">): Promise<string[]> {
  const finished: string[] = [];
  for (const { from, to } of await deps.store.redirects()) {
    if (writeKey(from) === writeKey(to) || (await deps.repos.exists(to)) || !(await deps.repos.exists(from))) continue;
    if (!(await deps.store.getModel(to)) || (await deps.store.getModel(from))) continue;
    await deps.repos.move(from, to);
    finished.push(to);
  }
  return finished;
}
