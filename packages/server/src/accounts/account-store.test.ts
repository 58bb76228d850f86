// The account store and model visibility on both dialects: the same examples against SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import type { Store } from "../store/store.js";
import { hubModel } from "../test-utils/hub-models.js";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";

const url = await testDatabaseUrl();
if (!url) console.log(POSTGRES_SKIP_NOTE);
const NOW = new Date("2025-06-01T00:00:00.000Z");

type Opened = { store: Store; drop: () => Promise<void> };
const dialects: [string, () => Promise<Opened>][] = [
  [
    "sqlite",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "modelhub-accounts-"));
      const store = await openStore({ dbPath: join(dir, "hub.db") });
      return { store, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  ...(url
    ? ([
        [
          "postgres",
          async () => {
            const pgSchema = freshSchemaName();
            const store = await openStore({ databaseUrl: url, pgSchema });
            return { store, drop: () => dropSchema(url, pgSchema) };
          },
        ],
      ] as [string, () => Promise<Opened>][])
    : []),
];

describe.each(dialects)("accounts on %s", (_name, open) => {
  let opened: Opened;
  let store: Store;
  beforeEach(async () => {
    opened = await open();
    store = opened.store;
  });
  afterEach(async () => {
    await store.close();
    await opened.drop();
  });

  it("keeps one namespace space for users and orgs, ignoring case", async () => {
    const alice = await store.accounts.createAccount({ name: "Alice", kind: "user" }, NOW);
    await expect(store.accounts.createAccount({ name: "alice", kind: "org" }, NOW)).rejects.toThrow(/already taken/);
    expect(await store.accounts.getAccount("ALICE")).toEqual(alice);
    expect(await store.accounts.countUsers()).toBe(1);
  });

  it("creates the first administrator only once", async () => {
    expect(await store.accounts.createFirstAdmin({ name: "boss", kind: "user" }, NOW)).toMatchObject({ isAdmin: true });
    expect(await store.accounts.createFirstAdmin({ name: "boss2", kind: "user" }, NOW)).toBeNull();
    expect(await store.accounts.getAccount("boss2")).toBeNull();
  });

  it("finds tokens by digest until they are deleted, and sessions until they end", async () => {
    const alice = await store.accounts.createAccount({ name: "alice", kind: "user" }, NOW);
    const token = await store.accounts.createToken(
      { userPk: alice.pk, name: "ci", digest: "d1", role: "read", expiresAt: null },
      NOW,
    );
    expect(await store.accounts.findToken("d1")).toEqual({ token, user: alice });
    expect(await store.accounts.listTokens(alice.pk)).toEqual([token]);
    expect(await store.accounts.deleteToken(alice.pk + 1, token.id)).toBe(false);
    expect(await store.accounts.deleteToken(alice.pk, token.id)).toBe(true);
    expect(await store.accounts.findToken("d1")).toBeNull();

    await store.accounts.createSession("s1", alice.pk, "csrf", new Date(NOW.getTime() + 1000), NOW);
    expect(await store.accounts.findSession("s1", NOW)).toMatchObject({ user: alice, csrfToken: "csrf" });
    expect(await store.accounts.findSession("s1", new Date(NOW.getTime() + 1000))).toBeNull();
  });

  it("lists memberships with roles", async () => {
    const alice = await store.accounts.createAccount({ name: "alice", kind: "user" }, NOW);
    const acme = await store.accounts.createAccount({ name: "acme", kind: "org" }, NOW);
    await store.accounts.setMember(acme.pk, alice.pk, "read");
    await store.accounts.setMember(acme.pk, alice.pk, "admin");
    expect(await store.accounts.membershipsOf(alice.pk)).toEqual([{ org: acme, role: "admin" }]);
    expect(await store.accounts.membersOf(acme.pk)).toEqual([{ user: alice, role: "admin" }]);
    expect(await store.accounts.removeMember(acme.pk, alice.pk)).toBe(true);
    expect(await store.accounts.membershipsOf(alice.pk)).toEqual([]);
  });

  it("hides private models from lists and counts unless their namespace is visible", async () => {
    await store.upsertModels([
      hubModel("acme/open", { library_name: "timm", pipeline_tag: "image-classification", tags: ["vision"] }),
      hubModel("acme/secret", { library_name: "timm", pipeline_tag: "image-classification", tags: ["vision", "x"] }),
    ]);
    expect(await store.setPrivate("acme/secret", true)).toBe(true);
    expect((await store.getModel("acme/secret"))?.private).toBe(true);
    const list = async (visibility?: { namespaces: string[] } | { all: true }) =>
      (
        await store.listModels({ tags: [], sort: "id", direction: 1, limit: 10, ...(visibility ? { visibility } : {}) })
      ).items.map((m) => m.id);
    expect(await list()).toEqual(["acme/open"]);
    expect(await list({ namespaces: ["other"] })).toEqual(["acme/open"]);
    expect(await list({ namespaces: ["acme"] })).toEqual(["acme/open", "acme/secret"]);
    expect(await list({ all: true })).toEqual(["acme/open", "acme/secret"]);
    expect(await store.countModels()).toBe(1);
    expect(await store.countModels({ all: true })).toBe(2);
    expect(await store.countLibraries()).toEqual([{ id: "timm", count: 1 }]);
    expect(await store.countPipelines({ namespaces: ["acme"] })).toEqual([{ id: "image-classification", count: 2 }]);
    expect(await store.topTags(10)).toEqual([{ id: "vision", count: 1 }]);
    expect(await store.topTags(10, { namespaces: ["acme"] })).toEqual([
      { id: "vision", count: 2 },
      { id: "x", count: 1 },
    ]);
    // A replaced record keeps its visibility: it is a setting, not record data.
    await store.upsertModels([hubModel("acme/secret", { tags: [] })]);
    expect((await store.getModel("acme/secret"))?.private).toBe(true);
  });
});
