// The vendored Python huggingface_hub against a real hub process: whoami, create_repo (public and private),
// upload_file, upload_folder with files over the LFS threshold, create_commit (additions and deletions),
// delete_file, update_repo_settings, move_repo, delete_repo and the `hf upload` command; then byte-for-byte
// downloads of what it wrote (a moved model's files also through its old id).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountFixture, seedAccounts } from "../../test-utils/account-fixture.js";
import { APP_HOOK_TIMEOUT_MS, openRepoHub } from "../../test-utils/repo-test-app.js";
import { PYTHON, skipUnlessPythonClient, VENDOR_PYTHONPATH } from "../../test-utils/vendored-python.js";

const skip = skipUnlessPythonClient();

const HUB_SCRIPT = fileURLToPath(new URL("../../test-utils/repo-hub-process.ts", import.meta.url));
const CALLS = fileURLToPath(new URL("./clients/write_calls.py", import.meta.url));

describe.skipIf(skip)("huggingface_hub (Python) writes", () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  let url: string;
  let fx: AccountFixture;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "modelhub-py-write-"));
    const seeded = await openRepoHub(dataDir);
    fx = await seedAccounts(seeded.store);
    await seeded.app.close();
    await seeded.store.close();
    child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", HUB_SCRIPT, dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    url = await new Promise<string>((resolve, reject) => {
      child?.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
      child?.once("exit", (code) => reject(new Error(`hub process exited with ${code}`)));
    });
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(() => {
    child?.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates, uploads, commits, deletes and changes settings through the client", async () => {
    const run = spawnSync(PYTHON, [CALLS], {
      env: {
        ...process.env,
        PYTHONPATH: VENDOR_PYTHONPATH,
        HF_ENDPOINT: url,
        HF_TOKEN: fx.aliceWrite,
        ADMIN_HF_TOKEN: fx.olgaWrite,
        HF_HOME: join(dataDir, "hf-home"),
        HF_HUB_DISABLE_XET: "1",
        HF_HUB_DISABLE_TELEMETRY: "1",
        HF_HUB_DISABLE_PROGRESS_BARS: "1",
      },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.stderr.includes("Traceback") ? run.stderr : "").toBe("");
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(out.whoami).toEqual({ name: "alice", orgs: [["acme", "write"]], role: "write" });
    expect([out.create_public, out.create_private, out.create_exist_ok]).toEqual([
      "acme/py-public",
      "acme/py-private",
      "acme/py-public",
    ]);
    for (const key of ["upload_file", "upload_folder", "create_commit", "delete_file"]) {
      expect(out[key]).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(out.delete_again).toBe("RepositoryNotFoundError");
    expect(out.settings_as_writer).toBe(403);
    // move_repo, then downloads from the new id and through the old one (307, followed by the client).
    expect(out.moved_info).toBe("acme/py-renamed");
    expect([out.moved_new_sha256, out.moved_old_sha256]).toEqual([out.big_sha256, out.big_sha256]);
    expect(out.move_onto_existing).toBe(409);
    // `hf upload` of a folder: the repository is created and the weights come back byte for byte.
    expect(out.hf_upload).toEqual({ code: 0, err: "" });
    expect(out.hf_upload_download_sha256).toBe(out.hf_upload_sha256);

    const auth = { headers: { authorization: `Bearer ${fx.aliceWrite}` } };
    const get = (path: string, init = auth) => fetch(`${url}${path}`, init);
    // What was written comes back byte for byte; the private repository stays hidden from others.
    const big = Buffer.from(await (await get("/acme/py-private/resolve/main/big.bin")).arrayBuffer());
    expect(createHash("sha256").update(big).digest("hex")).toBe(out.big_sha256);
    expect(await (await get("/acme/py-private/resolve/main/config.json")).text()).toBe(
      '{"model_type": "bert", "architectures": ["BertForSequenceClassification"]}',
    );
    const files = ((await (await get("/api/models/acme/py-renamed/files")).json()) as { path: string }[]).map(
      (f) => f.path,
    );
    expect(files).toEqual([".gitattributes", "big.bin", "config.json", "model.safetensors"]);
    for (const id of ["acme/py-private", "acme/py-renamed"]) {
      expect((await get(`/api/models/${id}`, { headers: { authorization: `Bearer ${fx.bobWrite}` } })).status).toBe(
        404,
      );
    }
    const uploaded = await get("/acme/py-cli/resolve/main/weights.bin");
    expect(
      createHash("sha256")
        .update(Buffer.from(await uploaded.arrayBuffer()))
        .digest("hex"),
    ).toBe(out.hf_upload_sha256);
    expect(await (await get("/acme/py-cli/resolve/main/README.md")).text()).toContain("# Uploaded by hf upload");
    expect((await get("/api/models/acme/py-public")).status).toBe(404);
  }, 180_000);
});
