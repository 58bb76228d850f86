// Rendered cards on both dialects: one row per model, written only for the README.md main holds, gone with the model.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { dropSchema, freshSchemaName, testDatabaseUrl } from "../test-utils/postgres.js";
import { openStore } from "./open-store.js";
import type { StoredCard } from "./rendered-card-store.js";
import type { Store } from "./store.js";

const sha = (n: number): string => n.toString(16).padStart(64, "0");
const readme = (n: number) => ({ path: "README.md", sha256: sha(n), size: 10, updatedAt: "2025-02-01T00:00:00.000Z" });

const rendered = (n: number): StoredCard => ({
  status: "rendered",
  html: `<h1>Card ${n}</h1>\n`,
  frontMatter: { license: "mit", tags: ["a"] },
  sha256: sha(n),
  renderKey: "k1",
  renderedAt: "2025-02-01T00:00:00.000Z",
});

type Opened = { store: Store; drop: () => Promise<void> };
const url = await testDatabaseUrl();
const dialects: [string, () => Promise<Opened>][] = [
  [
    "SQLite",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "modelhub-cards-"));
      const store = await openStore({ dbPath: join(dir, "hub.db") });
      return { store, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  ...(url
    ? ([
        [
          "PostgreSQL",
          async () => {
            const pgSchema = freshSchemaName();
            const store = await openStore({ databaseUrl: url, pgSchema });
            return { store, drop: () => dropSchema(url, pgSchema) };
          },
        ],
      ] as [string, () => Promise<Opened>][])
    : []),
];

describe.each(dialects)("rendered cards: %s", (_name, open) => {
  let opened: Opened;
  let store: Store;
  beforeEach(async () => {
    opened = await open();
    store = opened.store;
    await store.createModel(hubModel("acme/tiny"));
  });
  afterEach(async () => {
    await store.close();
    await opened.drop();
  });

  it("stores the card of main's README.md and reads it back", async () => {
    expect(await store.cards.get("acme/tiny")).toBeNull();
    await store.putFile("acme/tiny", readme(1));
    expect(await store.cards.put("acme/tiny", rendered(1))).toBe(true);
    expect(await store.cards.get("acme/tiny")).toEqual(rendered(1));
  });

  it("keeps one row per model: a newer README's card replaces the old one", async () => {
    await store.putFile("acme/tiny", readme(1));
    await store.cards.put("acme/tiny", rendered(1));
    await store.putFile("acme/tiny", readme(2));
    const tooLarge: StoredCard = {
      status: "too_large",
      message: "too large",
      sha256: sha(2),
      renderKey: "k1",
      renderedAt: "x",
    };
    expect(await store.cards.put("acme/tiny", tooLarge)).toBe(true);
    expect(await store.cards.get("acme/tiny")).toEqual(tooLarge);
  });

  it("refuses a card of a README.md main no longer holds (a slow render finishing after a newer commit)", async () => {
    await store.putFile("acme/tiny", readme(2));
    expect(await store.cards.put("acme/tiny", rendered(1))).toBe(false);
    expect(await store.cards.put("acme/missing", rendered(2))).toBe(false);
    expect(await store.cards.get("acme/tiny")).toBeNull();
  });

  it("deletes the card with its model", async () => {
    await store.putFile("acme/tiny", readme(1));
    await store.cards.put("acme/tiny", rendered(1));
    await store.deleteModel("acme/tiny");
    await store.createModel(hubModel("acme/tiny"));
    expect(await store.cards.get("acme/tiny")).toBeNull();
  });
});
