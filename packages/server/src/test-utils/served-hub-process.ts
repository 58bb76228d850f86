// A whole hub in its own process, configured from the environment as `modelhub serve` is (DATABASE_URL,
// MODELHUB_DATA_DIR, MODELHUB_ADMIN_TOKEN, …) on a free port: `node --conditions=source --import tsx
// served-hub-process.ts`. Prints its URL on the first line of stdout; closes on SIGTERM and exits 0.
import { resolveServerConfig } from "../config.js";
import { closeOnSignals, startServer } from "../server.js";

const server = await startServer({ ...resolveServerConfig(process.env, { port: 0 }), webRoot: null });
process.stdout.write(`${server.url}\n`);
await closeOnSignals(server);
