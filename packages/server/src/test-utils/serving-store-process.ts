// A process holding a store open as a serving hub does (the serving lock held), until it is killed:
// `node --conditions=source --import tsx serving-store-process.ts sqlite <file>` or `… postgres <url> <schema>`.
// Prints "serving" once it holds the lock, and "waiting" first if it had to wait for a bulk load.
import { openStore } from "../store/open-store.js";

const [dialect, target, schema] = process.argv.slice(2);
if (!target || (dialect !== "sqlite" && dialect !== "postgres")) {
  throw new Error("usage: serving-store-process.ts sqlite <file> | postgres <url> <schema>");
}
const where =
  dialect === "sqlite" ? { dbPath: target } : { databaseUrl: target, ...(schema ? { pgSchema: schema } : {}) };
await openStore({ ...where, serve: { onWait: () => process.stdout.write("waiting\n") } });
process.stdout.write("serving\n");
setInterval(() => {}, 60_000);
