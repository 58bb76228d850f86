// Moves and redirects in the database, on SQLite and (when DATABASE_URL reaches a server) PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../test-utils/dialects.js";
import { hubModel } from "../test-utils/hub-models.js";
import { openStore } from "./open-store.js";
import type { Store } from "./store.js";

const dialects = await testDialects();

describe.each(dialects)("model moves: %s", (_name, factory) => {
  let store: Store;
  let drop: (() => Promise<void>) | undefined;
  const dir = mkdtempSync(join(tmpdir(), "modelhub-moves-"));

  beforeAll(async () => {
    const opened = factory ? await factory(dir) : { store: await openStore({ dbPath: join(dir, "hub.db") }) };
    store = opened.store;
    drop = "drop" in opened ? opened.drop : undefined;
    await store.upsertModels([
      hubModel("acme/a", { tags: ["vision"], downloads: 12 }),
      hubModel("acme/taken"),
      hubModel("acme/Mixed"),
    ]);
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it("rewrites the record's id and namespace and leaves a case-insensitive redirect", async () => {
    expect(await store.moveModel("acme/a", "other/b")).toBe(true);
    expect(await store.getModel("acme/a")).toBeNull();
    const moved = await store.getModel("other/b");
    expect([moved?.id, moved?.author, moved?.tags, moved?.downloads]).toEqual(["other/b", "other", ["vision"], 12]);
    expect(await store.redirectOf("ACME/A")).toBe("other/b");
    const tagged = await store.listModels({ tags: ["vision"], sort: "downloads", direction: -1, limit: 10 });
    expect(tagged.items.map((m) => m.id)).toEqual(["other/b"]);
  });

  it("follows a chain to the end and gives the name back when the model moves onto an old id", async () => {
    expect(await store.moveModel("other/b", "other/c")).toBe(true);
    expect(await store.redirects()).toEqual([
      { from: "acme/a", to: "other/c" },
      { from: "other/b", to: "other/c" },
    ]);
    expect(await store.moveModel("other/c", "acme/a")).toBe(true);
    expect(await store.redirects()).toEqual([
      { from: "other/b", to: "acme/a" },
      { from: "other/c", to: "acme/a" },
    ]);
  });

  it("refuses a taken id, reports a missing model, and renames by case without a redirect", async () => {
    await expect(store.moveModel("acme/a", "acme/taken")).rejects.toMatchObject({ code: "conflict" });
    expect(await store.getModel("acme/a")).not.toBeNull();
    expect(await store.moveModel("acme/none", "acme/x")).toBe(false);
    expect(await store.moveModel("acme/Mixed", "acme/mixed")).toBe(true);
    expect(await store.getModel("acme/mixed")).not.toBeNull();
    expect(await store.redirectOf("acme/mixed")).toBeNull();
    await store.dropRedirect("OTHER/B");
    expect(await store.redirectOf("other/b")).toBeNull();
  });
});
