import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureHub, startFixtureHub } from "./fixture-hub.js";
import type { LfsBatchResponse } from "./lfs-batch.js";
import { LFS_MEDIA_TYPE } from "./lfs-routes.js";
import { hasGitLfs } from "./test-git.js";

const TOKEN = "secret-token";
const WEIGHTS = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31 + 7) % 251));
const WEIGHTS_OID = createHash("sha256").update(WEIGHTS).digest("hex");
const OTHER = Buffer.from("another model's private bytes");
const OTHER_OID = createHash("sha256").update(OTHER).digest("hex");

const lfsAvailable = await hasGitLfs();
if (!lfsAvailable && process.env.CI) throw new Error("git-lfs is required under CI=1 (apt-get install git-lfs)");

describe.skipIf(!lfsAvailable)("LFS batch API", () => {
  let hub: FixtureHub;
  let url: string;

  const batch = (body: unknown, headers: Record<string, string> = {}, id = "acme/tiny") =>
    fetch(`${url}/${id}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { "content-type": LFS_MEDIA_TYPE, accept: LFS_MEDIA_TYPE, ...headers },
      body: JSON.stringify(body),
    });
  const batchJson = async (body: unknown, headers: Record<string, string> = {}) =>
    (await (await batch(body, headers)).json()) as LfsBatchResponse;
  const errorOf = async (response: Response) => (await response.json()) as { message: string; error: string };
  const admin = { authorization: `Basic ${Buffer.from(`me:${TOKEN}`).toString("base64")}` };

  beforeAll(async () => {
    if (!lfsAvailable) console.warn("skipping LFS tests: git-lfs is not installed");
    hub = await startFixtureHub([[{ path: "weights.bin", body: WEIGHTS }]], TOKEN);
    await hub.blobs.put(Readable.from([OTHER])); // In the store, but not referenced by acme/tiny.
    url = hub.url;
  });
  afterAll(async () => {
    await hub?.close();
  });

  it("answers a download with a signed link that streams the object, ranges included", async () => {
    const response = await batch({
      operation: "download",
      transfers: ["basic"],
      objects: [{ oid: WEIGHTS_OID, size: WEIGHTS.length }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(LFS_MEDIA_TYPE);
    const answer = (await response.json()) as LfsBatchResponse;
    expect(answer).toMatchObject({
      transfer: "basic",
      hash_algo: "sha256",
      objects: [{ oid: WEIGHTS_OID, size: WEIGHTS.length }],
    });
    const href: string = answer.objects[0]?.actions?.download?.href ?? "";
    expect(href.startsWith(`${url}/acme/tiny.git/info/lfs/objects/${WEIGHTS_OID}?`)).toBe(true);
    const whole = await fetch(href);
    expect(Buffer.from(await whole.arrayBuffer()).equals(WEIGHTS)).toBe(true);
    const part = await fetch(href, { headers: { range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(WEIGHTS.subarray(10, 20));
    // The request log has the path of each signed link, never its signature.
    expect(hub.logs.some((line) => line.includes(`/objects/${WEIGHTS_OID}"`))).toBe(true);
    expect(hub.logs.filter((line) => line.includes("signature"))).toEqual([]);
    expect(hub.downloads.filter((d) => d === `acme/tiny ${WEIGHTS_OID}`)).toHaveLength(1); // the resumed range is not another
  });

  it("never hands out an object the repository does not reference, even when it is stored", async () => {
    const answer = await batchJson({
      operation: "download",
      objects: [
        { oid: OTHER_OID, size: OTHER.length },
        { oid: "0".repeat(64), size: 1 },
        { oid: "nope", size: 1 },
      ],
    });
    expect(answer.objects.map((o) => o.error?.code)).toEqual([404, 404, 422]);
    expect(answer.objects.every((o) => o.actions === undefined)).toBe(true);
  });

  it("refuses a tampered, re-targeted or expired link", async () => {
    const answer = await batchJson({ operation: "download", objects: [{ oid: WEIGHTS_OID, size: WEIGHTS.length }] });
    const href = new URL(answer.objects[0]?.actions?.download?.href ?? "");
    const retargeted = href.toString().replace(WEIGHTS_OID, OTHER_OID);
    const forged = new URL(href);
    forged.searchParams.set("expires", String(Number(href.searchParams.get("expires")) + 1));
    const expired = new URL(href);
    expired.searchParams.set("expires", "1");
    for (const bad of [retargeted, forged.toString(), expired.toString(), href.toString().split("?")[0] as string]) {
      const response = await fetch(bad);
      expect(response.status, bad).toBe(401);
      expect((await errorOf(response)).message).toMatch(/invalid or has expired/);
    }
  });

  it("refuses malformed batch requests with a 400 naming the problem", async () => {
    for (const body of [
      { operation: "delete", objects: [] },
      { operation: "download" },
      { operation: "download", objects: [{ oid: WEIGHTS_OID, size: -1 }] },
    ]) {
      const response = await batch(body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(/invalid LFS batch request/);
    }
    expect((await batch({ operation: "download", objects: [], hash_algo: "sha512" })).status).toBe(400);
    const notJson = await fetch(`${url}/acme/tiny.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { "content-type": LFS_MEDIA_TYPE },
      body: "{",
    });
    expect(notJson.status).toBe(400);
  });

  it("answers an unknown repository as a hidden one: 401 when anonymous, 404 with a token", async () => {
    expect((await batch({ operation: "download", objects: [] }, {}, "acme/missing")).status).toBe(401);
    expect((await batch({ operation: "download", objects: [] }, admin, "acme/missing")).status).toBe(404);
  });

  it("asks anonymous uploaders for credentials", async () => {
    const response = await batch({ operation: "upload", objects: [{ oid: OTHER_OID, size: OTHER.length }] });
    expect(response.status).toBe(401);
    expect(response.headers.get("lfs-authenticate")).toBe('Basic realm="modelhub"');
  });

  it("uploads through the signed link only bytes that match the declared sha256 and size", async () => {
    const body = Buffer.from("fresh upload bytes");
    const oid = createHash("sha256").update(body).digest("hex");
    const answer = await batchJson(
      {
        operation: "upload",
        objects: [
          { oid, size: body.length },
          { oid: WEIGHTS_OID, size: WEIGHTS.length },
        ],
      },
      admin,
    );
    expect(answer.objects[1]).toEqual({ oid: WEIGHTS_OID, size: WEIGHTS.length }); // already stored: nothing to do
    const upload = answer.objects[0]?.actions?.upload ?? { href: "" };
    const verify = answer.objects[0]?.actions?.verify ?? { href: "" };
    const wrong = Buffer.from("fresh upload bytez");
    expect((await fetch(upload.href, { method: "PUT", body: wrong })).status).toBe(400);
    expect((await fetch(upload.href, { method: "PUT", body: Buffer.concat([body, body]) })).status).toBe(400);
    expect(
      (
        await fetch(verify.href, {
          method: "POST",
          headers: { "content-type": LFS_MEDIA_TYPE },
          body: JSON.stringify({ oid, size: body.length }),
        })
      ).status,
    ).toBe(404);
    expect((await fetch(upload.href, { method: "PUT", body })).status).toBe(200);
    expect(
      (
        await fetch(verify.href, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ oid, size: body.length }),
        })
      ).status,
    ).toBe(200);
    // A link signed for one object cannot upload another.
    expect((await fetch(upload.href.replace(oid, OTHER_OID), { method: "PUT", body: OTHER })).status).toBe(401);
  });
});
