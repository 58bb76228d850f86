// A killed upload leaves neither a partial blob, nor a temporary file, nor a file row or sibling entry: whether the
// client goes away mid-body or the server process itself is killed mid-upload.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { type ClientRequest, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { LocalBlobStore, TEMP_DIR } from "../blobs/local-blob-store.js";
import { hubModel } from "../test-utils/hub-models.js";
import {
  APP_HOOK_TIMEOUT_MS,
  adminHeaders,
  openRepoHub,
  type RepoTestApp,
  startRepoTestApp,
} from "../test-utils/repo-test-app.js";

const TOTAL = 8 * 1024 * 1024;
const SENT = 1024 * 1024;

// Starts a PUT declaring TOTAL bytes and sends only SENT of them; the request stays open.
function partialUpload(url: string, path: string): ClientRequest {
  const target = new URL(url);
  const req = request({
    host: target.hostname,
    port: target.port,
    method: "PUT",
    path,
    headers: adminHeaders({ "content-length": String(TOTAL) }),
  });
  req.on("error", () => undefined); // The connection is cut on purpose.
  req.write(Buffer.alloc(SENT, 7));
  return req;
}

async function tempFiles(dataDir: string): Promise<string[]> {
  return readdir(join(dataDir, "blobs", TEMP_DIR)).catch(() => []);
}

async function blobsOutsideTemp(dataDir: string): Promise<string[]> {
  const entries = await readdir(join(dataDir, "blobs"), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && !e.parentPath.includes(TEMP_DIR)).map((e) => e.name);
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("crash safety of uploads", () => {
  let hub: RepoTestApp | undefined;
  let child: ChildProcess | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
    child?.kill("SIGKILL");
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }, APP_HOOK_TIMEOUT_MS);

  it("drops everything when the client aborts mid-body", async () => {
    hub = await startRepoTestApp({ models: [hubModel("acme/tiny")] });
    const app = hub;
    const req = partialUpload(app.url, "/api/models/acme/tiny/files/model.bin");
    await waitFor(async () => (await tempFiles(app.dataDir)).length > 0, "the upload to start writing");
    req.destroy();
    await waitFor(async () => (await tempFiles(app.dataDir)).length === 0, "the temporary file to be removed");
    expect(await app.blobFiles()).toEqual([]);
    expect(await app.store.listFiles("acme/tiny")).toEqual([]);
    expect((await app.store.getModel("acme/tiny"))?.siblings).toBeUndefined();
    // The hub is unharmed: the same upload, sent whole, works.
    const whole = await app.admin("/api/models/acme/tiny/files/model.bin", { method: "PUT", body: Buffer.alloc(SENT) });
    expect(whole.status).toBe(201);
  });

  it("leaves no blob and no sibling when the server process is killed mid-upload; the next start sweeps", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "modelhub-crash-"));
    dirs.push(dataDir);
    const seeded = await openRepoHub(dataDir, { models: [hubModel("acme/tiny")] });
    await seeded.app.close();
    await seeded.store.close();

    const script = fileURLToPath(new URL("../test-utils/repo-hub-process.ts", import.meta.url));
    child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", script, dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const url = await new Promise<string>((resolve, reject) => {
      child?.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
      child?.once("exit", (code) => reject(new Error(`hub process exited with ${code}`)));
    });
    partialUpload(url, "/api/models/acme/tiny/files/model.bin");
    await waitFor(async () => (await tempFiles(dataDir)).length > 0, "the upload to start writing");
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;

    // Killed mid-write: the partial bytes exist only as a temporary file, never as a blob or a row.
    expect(await tempFiles(dataDir)).toHaveLength(1);
    expect(await blobsOutsideTemp(dataDir)).toEqual([]);
    await LocalBlobStore.open(dataDir);
    expect(await tempFiles(dataDir)).toEqual([]);
    const reopened = await openRepoHub(dataDir);
    expect(await reopened.store.listFiles("acme/tiny")).toEqual([]);
    expect((await reopened.store.getModel("acme/tiny"))?.siblings).toBeUndefined();
    await reopened.app.close();
    await reopened.store.close();
  });
});
