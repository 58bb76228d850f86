// A client killed mid-upload leaves no blob and no commit: an NDJSON commit whose body is cut off, an LFS upload
// whose connection is destroyed mid-stream, and both in flight when the hub itself is killed; then after a restart
// of the hub on the same data folder, nothing of them is there either, and the same upload sent whole works.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMP_DIR } from "../../blobs/local-blob-store.js";
import { type AccountFixture, seedAccounts } from "../../test-utils/account-fixture.js";
import { type HubProcess, startHubProcess } from "../../test-utils/hub-process.js";
import { APP_HOOK_TIMEOUT_MS, filesUnder, openRepoHub } from "../../test-utils/repo-test-app.js";
import { LFS_MEDIA_TYPE } from "../lfs-routes.js";

const ID = "acme/killed";
const WEIGHTS = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 31 + 7) % 251));
const OID = createHash("sha256").update(WEIGHTS).digest("hex");

let dataDir: string;
let fx: AccountFixture;
let hub: HubProcess;

const auth = () => ({ authorization: `Bearer ${fx.olgaWrite}` });
const ndjson = (lines: unknown[]) => Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n"));
const header = { key: "header", value: { summary: "add weights", description: "" } };
const lfsFile = { key: "lfsFile", value: { path: "weights.bin", algo: "sha256", oid: OID, size: WEIGHTS.length } };
// A regular file big enough to be stored as a blob when committed inline.
const inlineFile = {
  key: "file",
  value: { path: "inline.bin", content: WEIGHTS.toString("base64"), encoding: "base64" },
};

/** What must not change: the head, the commit count, the file list and every file under the blob store. */
async function state() {
  const git = await promisify(execFile)("git", [
    `--git-dir=${join(dataDir, "repos", "acme", "killed.git")}`,
    "rev-list",
    "--all",
    "--count",
  ]);
  const record = (await (await fetch(`${hub.url}/api/models/${ID}`, { headers: auth() })).json()) as {
    sha: string;
    siblings: { rfilename: string }[];
  };
  return {
    head: record.sha,
    commits: git.stdout.trim(),
    files: record.siblings.map((s) => s.rfilename),
    blobs: (await filesUnder(join(dataDir, "blobs"))).sort(),
  };
}

/** Sends `body`'s first `sent` bytes with a Content-Length of all of it, then destroys the connection. */
async function cutOff(path: string, headers: Record<string, string>, body: Buffer, sent: number, method = "POST") {
  const target = new URL(hub.url);
  const req = request({
    host: target.hostname,
    port: target.port,
    method,
    path,
    headers: { ...headers, "content-length": String(body.length) },
  });
  req.on("error", () => undefined); // Cut on purpose.
  req.write(body.subarray(0, sent));
  return req;
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const tempFiles = async () => (await filesUnder(join(dataDir, "blobs"))).filter((f) => f.startsWith(TEMP_DIR));

/** The signed upload link the batch API gives for the weights (or null when it asks for no upload). */
async function uploadLink(): Promise<string | null> {
  const answer = await fetch(`${hub.url}/${ID}.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: { ...auth(), accept: LFS_MEDIA_TYPE, "content-type": LFS_MEDIA_TYPE },
    body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid: OID, size: WEIGHTS.length }] }),
  });
  expect(answer.status).toBe(200);
  const batch = (await answer.json()) as { objects: { actions?: { upload: { href: string } } }[] };
  const href = batch.objects[0]?.actions?.upload.href;
  return href ? href.slice(hub.url.length) : null;
}

const commit = (lines: unknown[]) =>
  fetch(`${hub.url}/api/models/${ID}/commit/main`, {
    method: "POST",
    headers: { ...auth(), "content-type": "application/x-ndjson" },
    body: ndjson(lines),
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "modelhub-killed-"));
  const seeded = await openRepoHub(dataDir);
  fx = await seedAccounts(seeded.store);
  await seeded.app.close();
  await seeded.store.close();
  hub = await startHubProcess(dataDir);
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...auth(), "content-type": "application/json" },
    body: JSON.stringify({ name: "killed", organization: "acme" }),
  });
  expect(created.status).toBe(200);
}, APP_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await hub?.kill();
  rmSync(dataDir, { recursive: true, force: true });
}, APP_HOOK_TIMEOUT_MS);

describe("a client killed mid-upload", () => {
  it("cuts off an NDJSON commit body: no commit, no blob", async () => {
    const before = await state();
    const body = ndjson([header, inlineFile]);
    const req = await cutOff(
      `/api/models/${ID}/commit/main`,
      { ...auth(), "content-type": "application/x-ndjson" },
      body,
      body.length >> 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await state()).toEqual(before);
  });

  it("destroys an LFS upload mid-stream: no blob, the batch API still asks for it, a commit naming it is refused", async () => {
    const before = await state();
    const link = await uploadLink();
    expect(link).not.toBeNull();
    const req = await cutOff(link as string, {}, WEIGHTS, 1024 * 1024, "PUT");
    await waitFor(async () => (await tempFiles()).length > 0, "the upload to start writing");
    req.destroy();
    await waitFor(async () => (await tempFiles()).length === 0, "the partial upload to be removed");
    expect(await uploadLink()).not.toBeNull();
    const refused = await commit([header, lfsFile]);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await state()).toEqual(before);
  });

  it("leaves nothing when the hub dies with both in flight; after a restart the whole upload works", async () => {
    const before = await state();
    const link = (await uploadLink()) as string;
    await cutOff(link, {}, WEIGHTS, 1024 * 1024, "PUT");
    const body = ndjson([header, inlineFile]);
    await cutOff(`/api/models/${ID}/commit/main`, { ...auth(), "content-type": "application/x-ndjson" }, body, 4096);
    await waitFor(async () => (await tempFiles()).length > 0, "the upload to start writing");
    await hub.kill();
    hub = await startHubProcess(dataDir);
    // The restart swept the partial upload: the folder is as it was, and so is the repository.
    expect(await state()).toEqual(before);

    const again = (await uploadLink()) as string;
    expect((await fetch(`${hub.url}${again}`, { method: "PUT", body: WEIGHTS })).status).toBe(200);
    const committed = await commit([header, lfsFile]);
    expect(committed.status).toBe(200);
    const download = await fetch(`${hub.url}/${ID}/resolve/main/weights.bin`, { headers: auth() });
    expect(
      createHash("sha256")
        .update(Buffer.from(await download.arrayBuffer()))
        .digest("hex"),
    ).toBe(OID);
    const after = await state();
    expect([after.files, Number(after.commits)]).toEqual([
      [...before.files, "weights.bin"].sort(),
      Number(before.commits) + 1,
    ]);
  });
});
