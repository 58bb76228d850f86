// POST /api/repos/move: who may move what, the answers to bad input, and the old id redirecting (API, revision,
// resolve, raw, tree, git clone) until a new model takes the name.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFileService } from "../../files/file-service.js";
import { createKeyedLock } from "../../files/keyed-lock.js";
import { finishInterruptedMoves, moveModel } from "../../repos/model-move.js";
import { useSeededRepoHub } from "../../test-utils/seeded-repo-hub.js";
import { type GitSandbox, gitSandbox } from "../test-git.js";

const { hub, fx } = useSeededRepoHub();

const as = (token: string | null, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) },
});
const post = (path: string, token: string | null, body: unknown) =>
  hub.fetch(
    path,
    as(token, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );
const move = (token: string | null, fromRepo: string, toRepo: string, extra: Record<string, unknown> = {}) =>
  post("/api/repos/move", token, { fromRepo, toRepo, type: "model", ...extra });

async function createWithFile(id: string, isPrivate = false): Promise<void> {
  const [organization, name] = id.split("/");
  expect((await post("/api/repos/create", fx.olgaWrite, { name, organization, private: isPrivate })).status).toBe(200);
  const lines = [
    { key: "header", value: { summary: "add config", description: "" } },
    {
      key: "file",
      value: { path: "config.json", content: Buffer.from(`{"id": "${id}"}`).toString("base64"), encoding: "base64" },
    },
  ];
  const body = lines.map((l) => JSON.stringify(l)).join("\n");
  const commit = await hub.fetch(
    `/api/models/${id}/commit/main`,
    as(fx.olgaWrite, { method: "POST", headers: { "content-type": "application/x-ndjson" }, body }),
  );
  expect(commit.status).toBe(200);
}

describe("POST /api/repos/move", () => {
  it("moves a model with its files and history; the old id answers 307 to the new one everywhere", async () => {
    await createWithFile("acme/mv-src");
    const head = await hub.store.indexedHead("acme/mv-src");
    const moved = await move(fx.olgaWrite, "acme/mv-src", "other/mv-dst");
    // olga administers acme but does not write to `other`; root (a hub administrator) may.
    expect(moved.status).toBe(403);
    const byRoot = await move(fx.rootWrite, "acme/mv-src", "other/mv-dst");
    expect([byRoot.status, await byRoot.json()]).toEqual([200, { url: `${hub.url}/other/mv-dst`, id: "other/mv-dst" }]);

    const record = (await (await hub.fetch("/api/models/other/mv-dst")).json()) as { id: string; author: string };
    expect([record.id, record.author]).toEqual(["other/mv-dst", "other"]);
    expect(await hub.store.indexedHead("other/mv-dst")).toBe(head);
    expect(await (await hub.fetch("/other/mv-dst/resolve/main/config.json")).text()).toBe('{"id": "acme/mv-src"}');

    const redirects: [string, string][] = [
      ["/api/models/acme/mv-src", "/api/models/other/mv-dst"],
      ["/api/models/acme/mv-src/revision/main?expand=sha", "/api/models/other/mv-dst/revision/main?expand=sha"],
      ["/acme/mv-src/resolve/main/config.json", "/other/mv-dst/resolve/main/config.json"],
      ["/api/models/acme/mv-src/tree/main", "/api/models/other/mv-dst/tree/main"],
      ["/acme/mv-src/raw/main/config.json", "/other/mv-dst/raw/main/config.json"],
      ["/api/models/acme/mv-src/files", "/api/models/other/mv-dst/files"],
      ["/acme/mv-src.git/info/refs?service=git-upload-pack", "/other/mv-dst.git/info/refs?service=git-upload-pack"],
      ["/acme/mv-src/info/refs?service=git-upload-pack", "/other/mv-dst/info/refs?service=git-upload-pack"],
    ];
    for (const [from, to] of redirects) {
      const answer = await hub.fetch(from, { redirect: "manual" });
      expect([from, answer.status, answer.headers.get("location")]).toEqual([from, 307, to]);
    }
    const followed = (await (await hub.fetch("/api/models/acme/mv-src")).json()) as { id: string };
    expect(followed.id).toBe("other/mv-dst");
    expect((await hub.fetch("/api/models/acme/mv-src", { method: "HEAD", redirect: "manual" })).status).toBe(307);
  });

  it("clones through the old id's URL (git follows the redirect)", async () => {
    const box: GitSandbox = await gitSandbox();
    try {
      const dest = join(box.root, "clone");
      await box.git(["clone", `${hub.url}/acme/mv-src`, dest]);
      expect(readFileSync(join(dest, "config.json"), "utf8")).toBe('{"id": "acme/mv-src"}');
    } finally {
      box.close();
    }
  });

  it("sends on a private model's old id only to those who may see it", async () => {
    await createWithFile("acme/secret-old", true);
    expect((await move(fx.olgaWrite, "acme/secret-old", "acme/secret-new")).status).toBe(200);
    const plain = { redirect: "manual" } as const;
    expect((await hub.fetch("/api/models/acme/secret-old", plain)).status).toBe(404);
    expect((await hub.fetch("/api/models/acme/secret-old", as(fx.bobWrite, plain))).status).toBe(404);
    const member = await hub.fetch("/api/models/acme/secret-old", as(fx.ritaWrite, plain));
    expect([member.status, member.headers.get("location")]).toEqual([307, "/api/models/acme/secret-new"]);
    const anonymous = await hub.fetch("/api/models/acme/secret-old");
    expect(await anonymous.text()).not.toContain("secret-new");
  });

  it("collapses chains, and a new model may take an old id (the redirect goes)", async () => {
    await createWithFile("acme/chain-a");
    expect((await move(fx.olgaWrite, "acme/chain-a", "acme/chain-b")).status).toBe(200);
    expect((await move(fx.olgaWrite, "acme/chain-b", "acme/chain-c")).status).toBe(200);
    const first = await hub.fetch("/api/models/acme/chain-a", { redirect: "manual" });
    expect(first.headers.get("location")).toBe("/api/models/acme/chain-c");
    expect((await post("/api/repos/create", fx.olgaWrite, { name: "chain-a", organization: "acme" })).status).toBe(200);
    const reused = await hub.fetch("/api/models/acme/chain-a", { redirect: "manual" });
    expect([reused.status, ((await reused.json()) as { id: string }).id]).toEqual([200, "acme/chain-a"]);
    expect(await hub.store.redirectOf("acme/chain-a")).toBeNull();
    // Its files are its own: the moved model's config is not there.
    expect((await hub.fetch("/acme/chain-a/resolve/main/config.json")).status).toBe(404);
    // Moving back onto a redirect's id takes the name from the redirect too.
    expect((await move(fx.olgaWrite, "acme/chain-c", "acme/chain-b")).status).toBe(200);
    expect(await hub.store.redirectOf("acme/chain-b")).toBeNull();
    expect(await hub.store.redirectOf("acme/chain-c")).toBe("acme/chain-b");
  });

  it("renames by case only: the id's spelling changes, the repository stays", async () => {
    await createWithFile("acme/CaseMe");
    const renamed = await move(fx.olgaWrite, "acme/CaseMe", "acme/caseme");
    expect(renamed.status).toBe(200);
    const record = (await (await hub.fetch("/api/models/acme/caseme")).json()) as { id: string };
    expect(record.id).toBe("acme/caseme");
    expect(await (await hub.fetch("/acme/caseme/resolve/main/config.json")).text()).toBe('{"id": "acme/CaseMe"}');
    expect(await hub.store.redirectOf("acme/CaseMe")).toBeNull();
    // Lookups ignore case: the old spelling finds the model itself (no redirect needed) and answers its new spelling.
    const oldSpelling = (await (await hub.fetch("/api/models/acme/CaseMe", { redirect: "manual" })).json()) as {
      id: string;
    };
    expect(oldSpelling.id).toBe("acme/caseme");
    // A case variant of another model's id is taken.
    expect((await move(fx.olgaWrite, "acme/caseme", "acme/CHAIN-A")).status).toBe(409);
  });

  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    await createWithFile("acme/stay");
    await createWithFile("acme/taken");
    await createWithFile("acme/hidden", true);
    const cases: [string, Promise<Response>, number][] = [
      ["anonymous", move(null, "acme/stay", "acme/x"), 401],
      ["writer, not admin", move(fx.aliceWrite, "acme/stay", "acme/x"), 403],
      ["admin's read token", move(fx.aliceRead, "acme/stay", "acme/x"), 403],
      ["revoked token", move(fx.revoked, "acme/stay", "acme/x"), 401],
      ["target exists", move(fx.olgaWrite, "acme/stay", "acme/taken"), 409],
      ["source missing", move(fx.olgaWrite, "acme/nothing", "acme/x"), 404],
      ["private source, outsider", move(fx.bobWrite, "acme/hidden", "bob/hidden"), 404],
      ["same id", move(fx.olgaWrite, "acme/stay", "acme/stay"), 400],
      ["bad target id", move(fx.olgaWrite, "acme/stay", "acme/../x"), 400],
      ["no namespace", move(fx.olgaWrite, "acme/stay", "stay"), 400],
      ["dataset", move(fx.olgaWrite, "acme/stay", "acme/x", { type: "dataset" }), 400],
      ["missing field", post("/api/repos/move", fx.olgaWrite, { fromRepo: "acme/stay" }), 400],
    ];
    for (const [name, answer, status] of cases) {
      const response = await answer;
      expect([name, response.status]).toEqual([name, status]);
      expect(((await response.json()) as { error: string }).error).toEqual(expect.any(String));
    }
    const missing = await move(fx.olgaWrite, "acme/nothing", "acme/x");
    expect(missing.headers.get("x-error-code")).toBe("RepoNotFound");
    for (const id of ["acme/stay", "acme/taken", "acme/hidden"]) expect(await hub.store.getModel(id)).not.toBeNull();
    expect(await hub.store.getModel("acme/x")).toBeNull();
    expect(await hub.store.redirectOf("acme/stay")).toBeNull();
  });
});

describe("writes racing a move", () => {
  it("a commit queued behind the move is RepoNotFound and starts no repository under the old id", async () => {
    await createWithFile("acme/race-a");
    const files = createFileService({
      store: hub.store,
      blobs: hub.blobs,
      repos: hub.repos,
      lock: createKeyedLock(),
      writes: createKeyedLock(),
      now: () => new Date(),
      maxUploadBytes: 1024 * 1024,
    });
    const author = { name: "test", email: "test@example.com" };
    const change = { op: "put" as const, path: "late.txt", bytes: { data: Buffer.from("late") } };
    // Both are queued on the model's write lock in this order: the move runs first.
    const moved = files.move("acme/race-a", "acme/race-b");
    const late = files.commit("acme/race-a", { author, title: "late", changes: [change] });
    expect(await moved).toBe(true);
    await expect(late).rejects.toMatchObject({ code: "not_found" });
    expect(await hub.repos.exists("acme/race-a")).toBe(false);
    expect((await hub.store.listFiles("acme/race-b"))?.map((f) => f.path)).not.toContain("late.txt");
  });
});

describe("a move cut short", () => {
  it("is taken back when the repository cannot move, and finished at start-up when the process died", async () => {
    await createWithFile("acme/crash-a");
    const failing = {
      exists: hub.repos.exists.bind(hub.repos),
      move: async () => {
        throw new Error("disk gone");
      },
    };
    const deps = { store: hub.store, repos: failing, writes: createKeyedLock() };
    await expect(moveModel(deps, "acme/crash-a", "acme/crash-b")).rejects.toThrow("disk gone");
    expect(await hub.store.getModel("acme/crash-a")).not.toBeNull();
    expect(await hub.store.redirects()).not.toContainEqual({ from: "acme/crash-a", to: "acme/crash-b" });
    expect(await hub.store.redirectOf("acme/crash-b")).toBeNull();

    // A crash after the record moved: the start-up step moves the repository it left behind.
    expect(await hub.store.moveModel("acme/crash-a", "acme/crash-b")).toBe(true);
    expect(await finishInterruptedMoves({ store: hub.store, repos: hub.repos })).toEqual(["acme/crash-b"]);
    expect([await hub.repos.exists("acme/crash-a"), await hub.repos.exists("acme/crash-b")]).toEqual([false, true]);
    expect(await (await hub.fetch("/acme/crash-a/resolve/main/config.json")).text()).toBe('{"id": "acme/crash-a"}');
  });
});
