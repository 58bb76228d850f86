import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "./open-store.js";
import { describeStoreContract } from "./store.contract.js";

describeStoreContract("SQLite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "modelhub-store-"));
  const dbPath = join(dir, "hub.db");
  return { open: () => openStore({ dbPath }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
});
