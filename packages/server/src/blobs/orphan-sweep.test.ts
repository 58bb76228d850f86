// Issue 10: an upload in flight at kill -9 could leave a blob that survived every restart. Start-up now sweeps blobs
// that nothing names and that are older than the longest upload; referenced and recent ones stay.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { closeApp } from "../http/close-app.js";
import { hubModel } from "../test-utils/hub-models.js";
import { openRepoHub } from "../test-utils/repo-test-app.js";
import { TEST_TOKEN } from "../test-utils/test-app.js";

const HOUR = 60 * 60 * 1000;
const MAX_UPLOAD_MS = 24 * HOUR;

describe("the start-up sweep of orphan blobs", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("removes an unreferenced blob older than the longest upload; keeps recent, referenced and history-only ones", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "modelhub-sweep-"));
    dirs.push(dataDir);
    const hub = await openRepoHub(dataDir, { models: [hubModel("acme/tiny")] });
    const upload = async (path: string, body: Buffer) => {
      const response = await hub.app.inject({
        method: "PUT",
        url: `/api/models/acme/tiny/files/${path}`,
        headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/octet-stream" },
        payload: body,
      });
      expect([200, 201]).toContain(response.statusCode);
      return (JSON.parse(response.body) as { sha256: string }).sha256;
    };
    // LFS files (by name): the first version is replaced, so only an old revision points at it.
    const oldRevision = await upload("model.safetensors", randomBytes(1000));
    const current = await upload("model.safetensors", randomBytes(1000));
    // A pointer committed to git that the index never saw (a pushed commit that was never main's head).
    const historyOnly = await hub.blobs.put(Readable.from([randomBytes(1000)]));
    await hub.repos.commit("acme/tiny", {
      author: { name: "t", email: "t@example.com" },
      title: "a side commit",
      date: new Date(),
      changes: [{ op: "put", path: "side.safetensors", lfs: historyOnly }],
    });
    await hub.repos.commit("acme/tiny", {
      author: { name: "t", email: "t@example.com" },
      title: "and gone again",
      date: new Date(),
      changes: [{ op: "delete", path: "side.safetensors" }],
    });
    // Bytes stored by uploads that never got their commit.
    const orphan = await hub.blobs.put(Readable.from([randomBytes(1000)]));
    const recentOrphan = await hub.blobs.put(Readable.from([randomBytes(1000)]));
    await closeApp(hub.app, 0);
    await hub.store.close();

    // Everything but the recent orphan was last written two days ago.
    const longAgo = new Date(Date.now() - 2 * MAX_UPLOAD_MS);
    for (const sha256 of [oldRevision, current, historyOnly.sha256, orphan.sha256]) {
      await utimes(hub.blobs.blobPath(sha256), longAgo, longAgo);
    }

    const restarted = await openRepoHub(dataDir, { maxUploadMs: MAX_UPLOAD_MS });
    try {
      expect(restarted.swept).toEqual([orphan.sha256]);
      expect(await restarted.blobs.stat(orphan.sha256)).toBeNull();
      for (const kept of [oldRevision, current, historyOnly.sha256, recentOrphan.sha256]) {
        expect(await restarted.blobs.stat(kept), kept).not.toBeNull();
      }
    } finally {
      await closeApp(restarted.app, 0);
      await restarted.store.close();
    }
  });

  it("starts the window over when an upload stores bytes that are already there", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "modelhub-sweep-"));
    dirs.push(dataDir);
    const hub = await openRepoHub(dataDir);
    try {
      const bytes = randomBytes(100);
      const first = await hub.blobs.put(Readable.from([bytes]));
      const longAgo = new Date(Date.now() - 2 * MAX_UPLOAD_MS);
      await utimes(hub.blobs.blobPath(first.sha256), longAgo, longAgo);
      await hub.blobs.put(Readable.from([bytes]));
      const ages: number[] = [];
      for await (const blob of hub.blobs.entries()) ages.push(Date.now() - blob.mtimeMs);
      expect(ages).toHaveLength(1);
      expect(ages[0]).toBeLessThan(HOUR);
    } finally {
      await closeApp(hub.app, 0);
      await hub.store.close();
    }
  });
});
