import type { BulkLoad, Store } from "../store/store.js";

/** A bulk load of `store`, which no hub serves in these tests: a refusal fails the test. */
export async function startedBulkLoad(store: Store): Promise<BulkLoad> {
  const load = await store.startBulkLoad();
  if (!load) throw new Error("the bulk load was refused: the database is held");
  return load;
}
