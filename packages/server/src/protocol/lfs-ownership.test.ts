// LFS objects belong to repositories: bob knows the sha256 of a private model's weights, but he cannot get them
// through his own repository (batch download, a commit's pointer, a git push of a pointer), nor learn that they are
// stored (the batch upload answer asks him for the bytes, as for any absent object). With the bytes he may upload
// them: they are checked, stored once, and his repository owns them from then on.

import { writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lfsBatch, lfsOid, uploadLfsObject } from "../test-utils/lfs-client.js";
import { useSeededRepoHub } from "../test-utils/seeded-repo-hub.js";
import { LFS_NOT_UPLOADED } from "./write/commit-changes.js";

const SECRET = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 13 + 5) % 256));
const OID = lfsOid(SECRET);
const ABSENT = { oid: "ab".repeat(32), size: SECRET.length };

const post = (path: string, token: string, body: unknown, type = "application/json") =>
  hub.fetch(path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": type },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const pointerCommit = (id: string, token: string, oid: string, size: number) =>
  post(
    `/api/models/${id}/commit/main`,
    token,
    [
      { key: "header", value: { summary: "add weights", description: "" } },
      { key: "lfsFile", value: { path: "weights.bin", algo: "sha256", oid, size } },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n"),
    "application/x-ndjson",
  );
// An answer with the oid-specific parts (oid, signed links) blanked, to compare one object's with another's.
const shape = (value: unknown, oid: string): string =>
  JSON.stringify(value)
    .replaceAll(oid, "OID")
    .replace(/expires=\d+&signature=[^"]+/g, "SIGNED")
    .replace(/"request_?id":"[^"]*"/gi, "");
const blobCopies = async () =>
  (await readdir(hub.blobs.root, { recursive: true })).filter((name) => String(name).endsWith(OID)).length;

// acme/secret holds the weights (private, olga's org); bob/thief is bob's own repository.
const { hub, fx, box } = useSeededRepoHub({
  git: true,
  async setUp() {
    expect(
      (await post("/api/repos/create", fx.olgaWrite, { name: "secret", organization: "acme", private: true })).status,
    ).toBe(200);
    expect(await uploadLfsObject(hub.url, "acme/secret", fx.olgaWrite, SECRET)).toBe(200);
    expect((await pointerCommit("acme/secret", fx.olgaWrite, OID, SECRET.length)).status).toBe(200);
    expect((await post("/api/repos/create", fx.bobWrite, { name: "thief" })).status).toBe(200);
  },
});

describe("LFS objects owned per repository", () => {
  it("the batch upload answer asks for an object stored only elsewhere exactly as for an absent one", async () => {
    const known = await lfsBatch(hub.url, "bob/thief", fx.bobWrite, "upload", [{ oid: OID, size: SECRET.length }]);
    const absent = await lfsBatch(hub.url, "bob/thief", fx.bobWrite, "upload", [ABSENT]);
    expect(known.objects[0]?.actions?.upload).toBeDefined();
    expect(shape(known, OID)).toBe(shape(absent, ABSENT.oid));
    // A wrong size does not reveal the stored one either.
    const wrongSize = await lfsBatch(hub.url, "bob/thief", fx.bobWrite, "upload", [{ oid: OID, size: 7 }]);
    expect(wrongSize.objects[0]?.actions?.upload).toBeDefined();
    // The owner's repository already has it: nothing to upload.
    const owner = await lfsBatch(hub.url, "acme/secret", fx.olgaWrite, "upload", [{ oid: OID, size: SECRET.length }]);
    expect(owner.objects[0]).toEqual({ oid: OID, size: SECRET.length });
  });

  it("refuses to hand it out, to verify it, or to take a commit's pointer to it", async () => {
    const download = await lfsBatch(hub.url, "bob/thief", fx.bobWrite, "download", [{ oid: OID, size: SECRET.length }]);
    expect(download.objects[0]?.error?.code).toBe(404);
    const verifyLink = (
      await lfsBatch(hub.url, "bob/thief", fx.bobWrite, "upload", [{ oid: OID, size: SECRET.length }])
    ).objects[0]?.actions?.verify?.href as string;
    const lfs = "application/vnd.git-lfs+json";
    const verify = await fetch(verifyLink, {
      method: "POST",
      headers: { accept: lfs, "content-type": lfs },
      body: JSON.stringify({ oid: OID, size: SECRET.length }),
    });
    expect(verify.status).toBe(404);

    const head = await hub.store.indexedHead("bob/thief");
    const stolen = await pointerCommit("bob/thief", fx.bobWrite, OID, SECRET.length);
    const absent = await pointerCommit("bob/thief", fx.bobWrite, ABSENT.oid, ABSENT.size);
    expect([stolen.status, stolen.headers.get("x-error-code")]).toEqual([400, LFS_NOT_UPLOADED]);
    expect(shape(await stolen.json(), OID)).toBe(shape(await absent.json(), ABSENT.oid));
    expect(await hub.store.indexedHead("bob/thief")).toBe(head);
  });

  it("refuses a git push of a pointer to it", async () => {
    const work = join(box.root, "thief");
    await box.git(["clone", `${hub.url.replace("http://", `http://bob:${fx.bobWrite}@`)}/bob/thief`, work]);
    const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${OID}\nsize ${SECRET.length}\n`;
    writeFileSync(join(work, "weights.bin"), pointer);
    await box.git(["-C", work, "add", "weights.bin"]);
    await box.git(["-C", work, "commit", "-m", "pointer to someone else's object"]);
    const head = await hub.repos.resolve("bob/thief", "main");
    await expect(box.git(["-C", work, "push", "origin", "main"])).rejects.toThrow(
      /were not uploaded to this repository first/,
    );
    expect(await hub.repos.resolve("bob/thief", "main")).toBe(head);
  });

  it("takes the bytes when bob has them: checked, stored once, then his repository owns the object", async () => {
    expect(await blobCopies()).toBe(1);
    expect(await uploadLfsObject(hub.url, "bob/thief", fx.bobWrite, SECRET)).toBe(200);
    expect(await blobCopies()).toBe(1);
    const download = await lfsBatch(hub.url, "bob/thief", fx.bobWrite, "download", [{ oid: OID, size: SECRET.length }]);
    expect(download.objects[0]?.actions?.download).toBeDefined();
    expect((await pointerCommit("bob/thief", fx.bobWrite, OID, SECRET.length)).status).toBe(200);
    const bytes = Buffer.from(await (await hub.fetch("/bob/thief/resolve/main/weights.bin")).arrayBuffer());
    expect(lfsOid(bytes)).toBe(OID);

    // Each owner keeps the object alive: it goes only with the last repository that owns it.
    const remove = (id: string, token: string) =>
      hub.fetch("/api/repos/delete", {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: id, type: "model" }),
      });
    expect((await remove("acme/secret", fx.olgaWrite)).status).toBe(200);
    expect(await hub.blobs.stat(OID)).not.toBeNull();
    expect((await remove("bob/thief", fx.bobWrite)).status).toBe(200);
    expect(await hub.blobs.stat(OID)).toBeNull();
  });

  it("refuses bytes that do not match the oid, and owns nothing then", async () => {
    expect((await post("/api/repos/create", fx.bobWrite, { name: "liar" })).status).toBe(200);
    const batch = await lfsBatch(hub.url, "bob/liar", fx.bobWrite, "upload", [ABSENT]);
    const put = await fetch(batch.objects[0]?.actions?.upload?.href as string, {
      method: "PUT",
      body: Buffer.alloc(ABSENT.size, 1),
    });
    expect(put.status).toBe(400);
    expect(await hub.store.lfsObjectsOwned("bob/liar", [ABSENT.oid])).toEqual([]);
  });
});
