// Processes sharing one database: hubs serve it (any number at once) and a bulk load takes it alone, because a bulk
// load drops the unique id indexes that a serving hub's writes (POST /api/models, upserts) rely on. Both locks are
// held by a live process, never by a file or row left behind: a holder killed with -9 releases them.

/** Releases a lock; safe to call more than once. */
export type Release = () => Promise<void>;

/** The serving and bulk-load locks of one database. */
export interface DatabaseLock {
  /**
   * Marks the database as served until the release. While a bulk load holds it, waits for the load to end (calling
   * `onWait` once with who holds it) so a hub never serves without its unique indexes.
   */
  serve(onWait?: (holder: string) => void): Promise<Release>;
  /** Takes the database for a bulk load, or answers null when a live hub serves it (or another bulk load holds it). */
  tryBulk(): Promise<Release | null>;
}

const noop: Release = async () => {};

/** The lock of a database no other process can open (SQLite's `:memory:`). */
export const PROCESS_LOCAL_LOCK: DatabaseLock = {
  serve: async () => noop,
  tryBulk: async () => noop,
};

/** `release` that runs once, however often it is called. */
export function once(release: Release): Release {
  let done: Promise<void> | null = null;
  return () => {
    done ??= release();
    return done;
  };
}
