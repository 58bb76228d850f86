// A repository hub in its own process, for crash tests: `node --conditions=source --import tsx repo-hub-process.ts
// <dataDir>` serves the data folder and prints its URL on the first line of stdout.
import { openRepoHub } from "./repo-test-app.js";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: repo-hub-process.ts <dataDir>");
const { app } = await openRepoHub(dataDir);
const url = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${url}\n`);
