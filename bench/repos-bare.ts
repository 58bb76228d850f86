// The bare node:http servers bench/repos compares the hub with: one replays a recorded answer (the hub's own status,
// headers and body, so both send the same bytes), one streams a file from disk as a plain download server would.
import { request } from "node:http";
import { type Child, freePort, spawnChild, waitFor } from "./processes.js";

/** A recorded HTTP answer. */
export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// Per-connection or per-moment headers that a replay must not copy.
const NOT_REPLAYED = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * Asks `url` with `method` as autocannon does (node:http, no Accept-Encoding, so the bytes are what the load run
 * gets) and records the answer as a bare server would replay it.
 */
export function recordAnswer(url: string, method: "GET" | "HEAD"): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.once("error", reject);
      res.once("end", () => {
        const status = res.statusCode ?? 0;
        if (status !== 200) return reject(new Error(`${method} ${url}: HTTP ${status}`));
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (!NOT_REPLAYED.has(name) && value !== undefined) headers[name] = String(value);
        }
        resolve({ status, headers, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.once("error", reject);
    req.end();
  });
}

/** Starts a bare node:http server answering every request with `answer` (no body for HEAD, as HTTP says). */
export async function startReplay(answer: RecordedAnswer): Promise<Child> {
  const port = await freePort();
  const script = `
    const http = require("node:http");
    const answer = JSON.parse(process.env.BARE_ANSWER);
    const body = Buffer.from(answer.body);
    http.createServer((req, res) => {
      res.writeHead(answer.status, answer.headers);
      res.end(req.method === "HEAD" ? undefined : body);
    }).listen(${port}, "127.0.0.1");`;
  const env = { ...process.env, BARE_ANSWER: JSON.stringify(answer) };
  const bare = spawnChild(process.execPath, ["-e", script], env, `http://127.0.0.1:${port}`);
  await waitFor(bare.url);
  return bare;
}

/** Starts a bare node:http server streaming `file` from disk at `/file` (`fs.createReadStream`, Content-Length). */
export async function startFileServer(file: string): Promise<Child> {
  const port = await freePort();
  const script = `
    const http = require("node:http");
    const fs = require("node:fs");
    const file = process.env.BARE_FILE;
    http.createServer((req, res) => {
      if (req.url !== "/file") return res.end("ready");
      const { size } = fs.statSync(file);
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": size });
      fs.createReadStream(file).pipe(res);
    }).listen(${port}, "127.0.0.1");`;
  const bare = spawnChild(
    process.execPath,
    ["-e", script],
    { ...process.env, BARE_FILE: file },
    `http://127.0.0.1:${port}`,
  );
  await waitFor(`${bare.url}/ready`);
  return bare;
}
