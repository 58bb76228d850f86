// `modelhub import FILE.jsonl` in a process of its own, as the CLI runs it beside a serving hub:
// `node --conditions=source --import tsx import-process.ts <file.jsonl> <batch size> sqlite <db>` or
// `… postgres <url>`. Prints the import's totals as JSON.
import { readFileSync } from "node:fs";
import { importModels } from "../import/import-models.js";
import { openStore } from "../store/open-store.js";

const [file, batch, dialect, target] = process.argv.slice(2);
if (!file || !target || (dialect !== "sqlite" && dialect !== "postgres")) {
  throw new Error("usage: import-process.ts <file.jsonl> <batch size> sqlite <db> | postgres <url>");
}
const store = await openStore(dialect === "sqlite" ? { dbPath: target } : { databaseUrl: target });
try {
  const lines = readFileSync(file, "utf8").split("\n").slice(0, -1);
  const result = await importModels(store, lines, { batchSize: Number(batch) });
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await store.close();
}
