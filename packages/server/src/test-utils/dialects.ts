// The store factories of API tests that must hold on both dialects: SQLite always, PostgreSQL when a server answers.
import { openStore } from "../store/open-store.js";
import { dropSchema, freshSchemaName, testDatabaseUrl } from "./postgres.js";
import type { TestStoreFactory } from "./test-app.js";

/** A dialect name and how to open a fresh test store of it. */
export type TestDialect = [name: string, factory: TestStoreFactory | undefined];

/** SQLite (the test app's default), then PostgreSQL when DATABASE_URL reaches a server. */
export async function testDialects(): Promise<TestDialect[]> {
  const url = await testDatabaseUrl();
  const dialects: TestDialect[] = [["SQLite", undefined]];
  if (url) {
    dialects.push([
      "PostgreSQL",
      async () => {
        const pgSchema = freshSchemaName();
        return { store: await openStore({ databaseUrl: url, pgSchema }), drop: () => dropSchema(url, pgSchema) };
      },
    ]);
  }
  return dialects;
}
