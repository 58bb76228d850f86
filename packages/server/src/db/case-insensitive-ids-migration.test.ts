// Migration 0004 on a database that already holds ids differing only in case: the most recently modified row
// survives, the others' files, downloads, LFS objects and redirects follow it, and the unique key holds afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { HubError } from "../errors.js";
import { openStore, type StoreOptions } from "../store/open-store.js";
import { hubModel } from "../test-utils/hub-models.js";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";
import type { DialectAdapter } from "./dialect-adapter.js";
import { hubMigrations } from "./migrations.js";
import { openPostgres } from "./postgres/open-postgres.js";
import { postgresAdapter } from "./postgres/postgres-adapter.js";
import type { HubDatabase } from "./schema.js";
import { openSqlite } from "./sqlite/open-sqlite.js";
import { sqliteAdapter } from "./sqlite/sqlite-adapter.js";

/** A database of one dialect, opened raw (for the schema before 0004) and through the store. */
interface Fixture {
  raw(): Promise<{ db: Kysely<HubDatabase>; adapter: DialectAdapter }>;
  storeOptions: StoreOptions;
  drop(): Promise<void>;
}

const sha = (n: number) => n.toString(16).padStart(64, "0");

function row(id: string, lastModified: string, downloadsAllTime: number) {
  return {
    id,
    author: id.split("/")[0] as string,
    library_name: null,
    pipeline_tag: null,
    tags: "[]",
    downloads: downloadsAllTime,
    likes: 0,
    last_modified: lastModified,
    created_at: "2023-01-01T00:00:00.000Z",
    data: "{}",
    downloads_all_time: downloadsAllTime,
  };
}

// The schema as shipped before 0004, with three case variants of one id and an unrelated model.
async function seedBefore(fixture: Fixture): Promise<void> {
  const { db, adapter } = await fixture.raw();
  try {
    const schema = await adapter.currentSchema(db);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => hubMigrations(adapter) },
      ...(schema === undefined ? {} : { migrationTableSchema: schema }),
    });
    const { error } = await migrator.migrateTo("0003_git-repos");
    if (error) throw error;
    const pks: number[] = [];
    for (const r of [
      row("Reliab/Target", "2024-01-01T00:00:00.000Z", 2),
      row("reliab/target", "2024-06-01T00:00:00.000Z", 3),
      row("RELIAB/TARGET", "2024-03-01T00:00:00.000Z", 1),
      row("other/model", "2024-01-01T00:00:00.000Z", 0),
    ]) {
      pks.push((await db.insertInto("models").values(r).returning("pk").executeTakeFirstOrThrow()).pk);
    }
    const [first, newest, third] = pks as [number, number, number];
    const file = (pk: number, path: string, n: number, updatedAt: string) => ({
      model_pk: pk,
      path,
      sha256: sha(n),
      size: n,
      updated_at: updatedAt,
      oid: null,
      lfs: 0,
    });
    await db
      .insertInto("model_files")
      .values([
        file(first, "a.bin", 1, "2024-01-01T00:00:00.000Z"),
        file(first, "old.bin", 2, "2024-01-01T00:00:00.000Z"),
        file(newest, "a.bin", 3, "2024-06-01T00:00:00.000Z"),
        file(third, "old.bin", 4, "2024-03-01T00:00:00.000Z"),
      ])
      .execute();
    await db
      .insertInto("model_downloads")
      .values([
        { model_pk: first, day: "2025-02-10", count: 2 },
        { model_pk: newest, day: "2025-02-10", count: 3 },
        { model_pk: third, day: "2025-02-11", count: 1 },
      ])
      .execute();
    await db
      .insertInto("model_heads")
      .values({ model_pk: first, head: "a".repeat(40) })
      .execute();
    await db
      .insertInto("model_lfs_objects")
      .values({ model_pk: third, sha256: sha(9) })
      .execute();
    await db.insertInto("model_redirects").values({ from_id: "Old/Name", to_id: "RELIAB/TARGET" }).execute();
  } finally {
    await db.destroy();
  }
}

function describeMigration(name: string, create: () => Promise<Fixture>): void {
  describe(`migration 0004 (case-insensitive ids): ${name}`, () => {
    it("merges ids differing only in case into the most recently modified row, keeping what depends on them", async () => {
      const fixture = await create();
      try {
        await seedBefore(fixture);
        const store = await openStore(fixture.storeOptions);
        try {
          expect(await store.countModels()).toBe(2);
          const survivor = await store.getModel("Reliab/Target");
          expect(survivor).toMatchObject({ id: "reliab/target", downloadsAllTime: 6 });
          // The survivor's a.bin wins; old.bin moves from the latest upload among the merged rows.
          expect(await store.listFiles("RELIAB/target")).toEqual([
            { path: "a.bin", sha256: sha(3), size: 3, updatedAt: "2024-06-01T00:00:00.000Z" },
            { path: "old.bin", sha256: sha(4), size: 4, updatedAt: "2024-03-01T00:00:00.000Z" },
          ]);
          expect(await store.lfsObjectsOf("reliab/target")).toContain(sha(9));
          expect(await store.blobInUse(sha(2))).toBe(false);
          expect(await store.indexedHead("reliab/target")).toBeNull();
          await store.refreshDownloads("2025-01-01");
          expect((await store.getModel("reliab/target"))?.downloads).toBe(6);
          await expect(store.createModel(hubModel("Reliab/TARGET"))).rejects.toSatisfy(
            (e) => e instanceof HubError && e.code === "conflict" && e.message.includes('"reliab/target"'),
          );
          expect(await store.getModel("other/model")).toMatchObject({ id: "other/model" });
        } finally {
          await store.close();
        }
        const { db } = await fixture.raw();
        try {
          const redirects = await db.selectFrom("model_redirects").selectAll().execute();
          expect(redirects).toEqual([{ from_id: "Old/Name", to_id: "reliab/target" }]);
          // The merged rows' other file rows are gone with them, not left pointing nowhere.
          const files = await db.selectFrom("model_files").select("model_pk").execute();
          expect(files).toHaveLength(2);
        } finally {
          await db.destroy();
        }
      } finally {
        await fixture.drop();
      }
    });
  });
}

describeMigration("SQLite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "modelhub-migration-"));
  const dbPath = join(dir, "hub.db");
  return {
    raw: async () => ({ db: openSqlite(dbPath), adapter: sqliteAdapter }),
    storeOptions: { dbPath },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const url = await testDatabaseUrl();
if (url) {
  describeMigration("PostgreSQL", async () => {
    const schema = freshSchemaName();
    return {
      raw: async () => ({ db: await openPostgres({ url, schema }), adapter: postgresAdapter }),
      storeOptions: { databaseUrl: url, pgSchema: schema },
      drop: () => dropSchema(url, schema),
    };
  });
} else {
  describe("migration 0004 (case-insensitive ids): PostgreSQL", () => {
    it.skip(POSTGRES_SKIP_NOTE, () => {});
  });
}
