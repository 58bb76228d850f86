// Two hub processes on one PostgreSQL schema and one data directory, as two machines behind a load balancer: what
// is written through A (a record update, a README commit that changes the snippets, a deletion) is seen through B's
// record, list and snippets within the invalidation window, and downloads counted by both add up.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropSchema, freshSchemaName, POSTGRES_SKIP_NOTE, testDatabaseUrl } from "../test-utils/postgres.js";

const url = (await testDatabaseUrl()) ?? "";
if (!url) console.warn(POSTGRES_SKIP_NOTE);
const SCRIPT = fileURLToPath(new URL("../test-utils/served-hub-process.ts", import.meta.url));
const TOKEN = "two-processes-admin-token-0123456789";
/** How long a change may take to show in the other process (well under the caches' 5 s lifetime, so a missing
 * invalidation fails); the real times are reported. */
const WINDOW_MS = 2_000;

interface Hub {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

function startHub(env: Record<string, string>): Promise<Hub> {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", SCRIPT], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let err = "";
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve({ url: chunk.toString().trim(), child, exited }));
    void exited.then((code) => reject(new Error(`hub exited with ${code}: ${err}`)));
  });
}

/** Polls `read` until `done` holds; returns how long that took, failing past the window. */
async function visibleAfter<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (done(await read())) return performance.now() - started;
    if (performance.now() - started > WINDOW_MS) throw new Error(`not visible within ${WINDOW_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const auth = { authorization: `Bearer ${TOKEN}` };
const ndjson = (lines: unknown[]): RequestInit => ({
  method: "POST",
  headers: { ...auth, "content-type": "application/x-ndjson" },
  body: lines.map((l) => JSON.stringify(l)).join("\n"),
});
const file = (path: string, text: string) => ({
  key: "file",
  value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
});
const card = (library: string) => `---\nlibrary_name: ${library}\npipeline_tag: text-classification\n---\n# Shared\n`;

describe.skipIf(!url)("two hub processes on one PostgreSQL", () => {
  const schema = freshSchemaName();
  const dataDir = mkdtempSync(join(tmpdir(), "modelhub-two-"));
  const times: Record<string, number> = {};
  let a: Hub;
  let b: Hub;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const env = {
      DATABASE_URL: `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema},public`)}`,
      MODELHUB_DATA_DIR: dataDir,
      MODELHUB_ADMIN_TOKEN: TOKEN,
      MODELHUB_DEMO_CATALOG: "off",
      MODELHUB_LOG_LEVEL: "warn",
    };
    // Started together, as after a deployment: migrations and start-up repair run in both.
    [a, b] = await Promise.all([startHub(env), startHub(env)]);
  }, 120_000);
  afterAll(async () => {
    for (const hub of [a, b]) if (hub?.child.exitCode === null) hub.child.kill("SIGKILL");
    await dropSchema(url, schema);
    rmSync(dataDir, { recursive: true, force: true });
    console.info(`two processes: visible in B after ${JSON.stringify(times)} (ms)`);
  });

  const json = async (hub: Hub, path: string) => {
    const response = await fetch(`${hub.url}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const listed = async (hub: Hub, query: string) =>
    ((await json(hub, `/api/models?${query}`)).body as unknown as { id: string }[]).map((m) => m.id);
  const libraries = async (hub: Hub, id: string) =>
    ((await json(hub, `/api/models/${id}/snippets`)).body.libraries as { key: string }[]).map((l) => l.key);
  const create = (hub: Hub, name: string) =>
    fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ type: "model", name, organization: "acme" }),
    });
  const commit = (hub: Hub, id: string, files: unknown[]) =>
    fetch(`${hub.url}/api/models/${id}/commit/main`, ndjson([{ key: "header", value: { summary: "edit" } }, ...files]));

  it("shows A's record update, README commit and deletion through B's record, list and snippets", async () => {
    expect((await create(a, "shared")).status).toBe(200);
    expect(
      (await commit(a, "acme/shared", [file("README.md", card("transformers")), file("config.json", "{}")])).status,
    ).toBe(200);
    // B reads everything once, so its caches hold the old answers.
    expect((await json(b, "/api/models/acme/shared")).body.library_name).toBe("transformers");
    expect(await listed(b, "library=transformers")).toEqual(["acme/shared"]);
    expect(await libraries(b, "acme/shared")).toContain("transformers");

    const settings = await fetch(`${a.url}/api/models/acme/shared/settings`, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ private: true }),
    });
    expect(settings.status).toBe(200);
    times.privateRecord = await visibleAfter(
      () => json(b, "/api/models/acme/shared"),
      (r) => r.status === 404,
    );
    times.privateList = await visibleAfter(
      () => listed(b, "library=transformers"),
      (ids) => ids.length === 0,
    );
    await fetch(`${a.url}/api/models/acme/shared/settings`, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ private: false }),
    });
    times.publicRecord = await visibleAfter(
      () => json(b, "/api/models/acme/shared"),
      (r) => r.status === 200,
    );

    expect((await commit(a, "acme/shared", [file("README.md", card("diffusers"))])).status).toBe(200);
    times.commitRecord = await visibleAfter(
      () => json(b, "/api/models/acme/shared"),
      (r) => r.body.library_name === "diffusers",
    );
    times.commitSnippets = await visibleAfter(
      () => libraries(b, "acme/shared"),
      (keys) => keys.includes("diffusers") && !keys.includes("transformers"),
    );
    times.commitList = await visibleAfter(
      () => listed(b, "library=diffusers"),
      (ids) => ids.includes("acme/shared"),
    );

    expect((await create(a, "doomed")).status).toBe(200);
    times.createList = await visibleAfter(
      () => listed(b, "author=acme&sort=id"),
      (ids) => ids.includes("acme/doomed"),
    );
    expect((await json(b, "/api/models/acme/doomed")).status).toBe(200);
    expect((await fetch(`${a.url}/api/models/acme/doomed`, { method: "DELETE", headers: auth })).status).toBe(204);
    times.deleteRecord = await visibleAfter(
      () => json(b, "/api/models/acme/doomed"),
      (r) => r.status === 404,
    );
    times.deleteList = await visibleAfter(
      () => listed(b, "author=acme&sort=id"),
      (ids) => !ids.includes("acme/doomed"),
    );
    for (const ms of Object.values(times)) expect(ms).toBeLessThan(WINDOW_MS);
  }, 120_000);

  it("takes commits to one model through both processes at once in turn: all land and the index follows git", async () => {
    expect((await create(a, "turns")).status).toBe(200);
    const each = 6;
    const commits = await Promise.all(
      Array.from({ length: each * 2 }, (_, i) =>
        commit(i % 2 === 0 ? a : b, "acme/turns", [file(`parts/${i}.txt`, `part ${i}`)]).then((r) => r.status),
      ),
    );
    expect(commits).toEqual(Array.from({ length: each * 2 }, () => 200));
    // The record's files come from the index: every commit's file is there, so the last index update was the last
    // commit's (out of order, the index would name an older tree).
    const siblings = ((await json(b, "/api/models/acme/turns")).body.siblings as { rfilename: string }[]).map(
      (s) => s.rfilename,
    );
    for (let i = 0; i < each * 2; i++) expect(siblings).toContain(`parts/${i}.txt`);
  }, 120_000);

  it("adds up the downloads both processes count, the last ones written when they shut down", async () => {
    const fetchConfig = (hub: Hub) => fetch(`${hub.url}/acme/shared/resolve/main/config.json`).then((r) => r.text());
    for (let i = 0; i < 5; i++) await fetchConfig(a);
    for (let i = 0; i < 7; i++) await fetchConfig(b);
    // Each process writes its counts within a second; then both records agree.
    const downloads = async (hub: Hub) => (await json(hub, "/api/models/acme/shared")).body.downloads;
    await visibleAfter(
      () => downloads(a),
      (n) => n === 12,
    );
    await visibleAfter(
      () => downloads(b),
      (n) => n === 12,
    );

    // Downloads still in memory when the processes stop are written on the way out.
    await Promise.all([fetchConfig(a), fetchConfig(b), fetchConfig(b)]);
    a.child.kill("SIGTERM");
    b.child.kill("SIGTERM");
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT downloads_all_time FROM ${schema}.models WHERE id = 'acme/shared'`);
      expect(rows).toEqual([{ downloads_all_time: "15" }]);
    } finally {
      await client.end();
    }
  }, 60_000);
});
