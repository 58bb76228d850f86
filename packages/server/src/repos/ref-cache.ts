// What a revision name resolved to, kept while the files git read to resolve it are unchanged. Asking git (a round
// trip to the repository's `cat-file` process) costs more than the rest of a `HEAD /resolve` request; a commit is
// immutable, so only the ref → commit step can change, and git changes a ref only by rewriting the ref's file (a new
// file renamed into place) or `packed-refs`. A hit therefore re-reads the metadata of those files and compares, once
// per turn of the event loop: the requests read in one turn (many, under load) share one stat, a system call that
// costs as much as the rest of a cached read on a busy machine. A ref moved by a push (`git receive-pack`) or by
// another hub process sharing the data directory is seen by every request read after the turn it moved in; the
// repository layer forgets a repository's entries when it commits, removes or moves it, so this process's own
// changes are seen at once (also a second change inside one file-system clock tick).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { currentTurn } from "../cache/event-loop-turn.js";
import { COMMIT_ID } from "./revision.js";

/** Revisions per repository kept (branches and tags actually asked for, commit ids). */
const MAX_PER_REPOSITORY = 256;
/** Repositories kept; the one cached first goes first. */
const MAX_REPOSITORIES = 10_000;

interface Entry {
  /** The commit the revision named. */
  commit: string;
  /** The files that decided it. */
  files: readonly string[];
  /** Their metadata when it was resolved. */
  stamp: string;
  /** The turn of the event loop that last found the files unchanged. */
  checkedIn: number;
}

/** A file's identity and last change (inode, size, modification and change times), or "-" when it is absent. */
function fileStamp(path: string): string {
  const s = statSync(path, { bigint: true, throwIfNoEntry: false });
  return s ? `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : "-";
}

/** HEAD (symbolic) and packed-refs (many refs) never decide a revision alone. */
const isLooseRef = (file: string): boolean => !file.endsWith("/HEAD") && !file.endsWith("/packed-refs");

/**
 * The stamps of `files` in order, stopping after the first loose ref that exists: each list is ordered so that such
 * a ref takes precedence over every file after it, which makes the usual case (a loose `main`) one stat.
 */
function stampOf(files: readonly string[]): string {
  const parts: string[] = [];
  for (const file of files) {
    const stamp = fileStamp(file);
    parts.push(stamp);
    if (stamp !== "-" && isLooseRef(file)) break;
  }
  return parts.join("|");
}

/** The target of a symbolic HEAD (`refs/heads/main`), or null when HEAD is detached or unreadable. */
function headTarget(gitDir: string): string | null {
  try {
    const match = /^ref: (refs\/[^\n]+)\n?$/.exec(readFileSync(join(gitDir, "HEAD"), "utf8"));
    return match ? (match[1] as string) : null;
  } catch {
    return null;
  }
}

/**
 * The files whose content decides what `revision` names, as the repository layer resolves it (a branch before a tag,
 * a loose ref before `packed-refs`): for a name its loose branch ref, then `packed-refs` (which may hold the branch),
 * then its loose tag ref; for `HEAD` that file, the ref it points at and `packed-refs`; for a commit id only `HEAD`,
 * which tells the repository is still the same one (commits never change).
 */
export function revisionFiles(gitDir: string, revision: string): string[] {
  const packed = join(gitDir, "packed-refs");
  if (COMMIT_ID.test(revision)) return [join(gitDir, "HEAD")];
  if (revision === "HEAD") {
    const target = headTarget(gitDir);
    return target ? [join(gitDir, "HEAD"), join(gitDir, target), packed] : [join(gitDir, "HEAD")];
  }
  return [join(gitDir, "refs", "heads", revision), packed, join(gitDir, "refs", "tags", revision)];
}

/** Revision → commit per repository, checked against the ref files on every read. */
export class RefCache {
  private readonly repositories = new Map<string, Map<string, Entry>>();

  /**
   * The commit `revision` of `gitDir` names, when it was resolved before and no ref file had changed when last checked
   * (in this turn of the event loop, or now).
   */
  get(gitDir: string, revision: string): string | undefined {
    const entry = this.repositories.get(gitDir)?.get(revision);
    if (!entry) return undefined;
    const turn = currentTurn();
    if (entry.checkedIn === turn) return entry.commit;
    if (stampOf(entry.files) === entry.stamp) {
      entry.checkedIn = turn;
      return entry.commit;
    }
    this.repositories.get(gitDir)?.delete(revision);
    return undefined;
  }

  /**
   * Resolves `revision` through `resolve` (git) and keeps the answer. The files are read before git is asked, so a
   * ref that moves while git answers leaves an older stamp, and the next read asks git again.
   */
  async resolve(gitDir: string, revision: string, resolve: () => Promise<string | null>): Promise<string | null> {
    const cached = this.get(gitDir, revision);
    if (cached !== undefined) return cached;
    const files = revisionFiles(gitDir, revision);
    const stamp = stampOf(files);
    const commit = await resolve();
    if (commit === null) return null;
    let entries = this.repositories.get(gitDir);
    if (!entries) {
      if (this.repositories.size >= MAX_REPOSITORIES)
        this.repositories.delete(this.repositories.keys().next().value as string);
      entries = new Map();
      this.repositories.set(gitDir, entries);
    }
    if (entries.size >= MAX_PER_REPOSITORY) entries.delete(entries.keys().next().value as string);
    // Checked in no turn yet: git answered after `stamp` was read, maybe in a later turn.
    entries.set(revision, { commit, files, stamp, checkedIn: -1 });
    return commit;
  }

  /** Forgets every revision of `gitDir` (it was committed to, removed or moved). */
  forget(gitDir: string): void {
    this.repositories.delete(gitDir);
  }
}
