// Runs tasks that share a key one at a time. The file service holds a blob's hash as the key while it makes the
// blob visible and records the file row, and while it checks references and deletes, so a delete can never remove
// a blob between an upload's commit and its row. Within one process; hubs sharing a PostgreSQL database and data
// folder add an advisory lock per key (cluster/postgres-keyed-locks.ts).

/** Serialises tasks per key. */
export interface KeyedLock {
  /** Runs `task` once every earlier task with the same key has settled; resolves or rejects as it does. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Keys with a task running or waiting. */
  size(): number;
}

/** A new, empty keyed lock. */
export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task, task);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    size: () => tails.size,
  };
}
