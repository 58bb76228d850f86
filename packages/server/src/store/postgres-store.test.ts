import { describe, it } from "vitest";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";
import { openStore } from "./open-store.js";
import { describeStoreContract } from "./store.contract.js";

const url = await testDatabaseUrl();

if (url) {
  describeStoreContract("PostgreSQL", async () => {
    const pgSchema = freshSchemaName();
    return { open: () => openStore({ databaseUrl: url, pgSchema }), drop: () => dropSchema(url, pgSchema) };
  });
} else {
  describe("Store contract: PostgreSQL", () => {
    it.skip(POSTGRES_SKIP_NOTE, () => {});
    console.warn(POSTGRES_SKIP_NOTE);
  });
}
