// Opens (and so migrates) a store in its own process, then closes it: `node --conditions=source --import tsx
// open-store-process.ts sqlite <file>` or `… postgres <url> <schema>`. Exits 0 once the store opened.
import { openStore } from "../store/open-store.js";

const [dialect, target, schema] = process.argv.slice(2);
if (!target || (dialect !== "sqlite" && dialect !== "postgres")) {
  throw new Error("usage: open-store-process.ts sqlite <file> | postgres <url> <schema>");
}
const store = await openStore(
  dialect === "sqlite" ? { dbPath: target } : { databaseUrl: target, ...(schema ? { pgSchema: schema } : {}) },
);
await store.close();
