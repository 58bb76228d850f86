import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "../errors.js";
import { presentedToken } from "./credentials.js";
import { registerGitSmartHttp } from "./git-smart-http.js";
import { adminTokenAccess } from "./repo-access.js";
import { type GitSandbox, gitSandbox } from "./test-git.js";

describe("git smart HTTP (clone)", () => {
  let box: GitSandbox;
  let app: FastifyInstance;
  let url: string;
  let bare: string;

  beforeAll(async () => {
    box = await gitSandbox();
    bare = join(box.root, "acme-tiny.git");
    const work = join(box.root, "work");
    await box.git(["init", "--bare", bare]);
    await box.git(["init", work]);
    await box.git(["-C", work, "commit", "--allow-empty", "-m", "first"]);
    await box.git(["-C", work, "config", "core.autocrlf", "false"]);
    const { writeFileSync, mkdirSync } = await import("node:fs");
    mkdirSync(join(work, "sub"));
    writeFileSync(join(work, "README.md"), "# Tiny\n");
    writeFileSync(join(work, "sub", "data.bin"), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256)));
    await box.git(["-C", work, "add", "."]);
    await box.git(["-C", work, "commit", "-m", "files"]);
    await box.git(["-C", work, "push", bare, "main"]);

    app = Fastify();
    app.setErrorHandler(handleError);
    const admin = adminTokenAccess("secret-token");
    await registerGitSmartHttp(app, {
      gitDir: async (id) => (id === "acme/tiny" || id === "acme/private" ? bare : null),
      // acme/private is visible to the bearer of hf_member only, as a private model is to its namespace's members.
      access: {
        async grant(request, id) {
          const token = presentedToken(request.headers.authorization);
          const user = token === null ? null : "someone";
          if (id === "acme/private") return { role: token === "hf_member" ? "read" : null, user };
          return admin.grant(request, id);
        },
      },
    });
    url = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app.close();
    box.close();
  });

  for (const suffix of ["", ".git"]) {
    it(`clones http://HOST/acme/tiny${suffix} with the same files and history`, async () => {
      const dest = join(box.root, `clone${suffix || "-plain"}`);
      await box.git(["clone", `${url}/acme/tiny${suffix}`, dest]);
      expect(readFileSync(join(dest, "README.md"), "utf8")).toBe("# Tiny\n");
      expect(
        readFileSync(join(dest, "sub", "data.bin")).equals(readFileSync(join(box.root, "work", "sub", "data.bin"))),
      ).toBe(true);
      const log = await box.git(["-C", dest, "log", "--format=%s"]);
      expect(log.stdout.trim().split("\n")).toEqual(["files", "first"]);
      const head = await box.git(["--git-dir", bare, "rev-parse", "main"]);
      expect((await box.git(["-C", dest, "rev-parse", "HEAD"])).stdout).toBe(head.stdout);
    });
  }

  it("clones with protocol v0 too (no Git-Protocol header)", async () => {
    const dest = join(box.root, "clone-v0");
    await box.git(["-c", "protocol.version=0", "clone", `${url}/acme/tiny`, dest]);
    expect(readFileSync(join(dest, "README.md"), "utf8")).toBe("# Tiny\n");
  });

  it("fetches with a gzip-compressed negotiation body", async () => {
    const refs = await fetch(`${url}/acme/tiny/info/refs?service=git-upload-pack`);
    expect(refs.status).toBe(200);
    expect(refs.headers.get("content-type")).toBe("application/x-git-upload-pack-advertisement");
    const head = (await box.git(["--git-dir", bare, "rev-parse", "main"])).stdout.trim();
    const pkt = (line: string) => `${(line.length + 4).toString(16).padStart(4, "0")}${line}`;
    const body = `${pkt(`want ${head}\n`)}0000${pkt("done\n")}`;
    const response = await fetch(`${url}/acme/tiny/git-upload-pack`, {
      method: "POST",
      headers: { "content-type": "application/x-git-upload-pack-request", "content-encoding": "gzip" },
      body: gzipSync(Buffer.from(body)),
    });
    expect(response.status).toBe(200);
    const pack = Buffer.from(await response.arrayBuffer());
    expect(pack.subarray(0, 8).toString()).toBe("0008NAK\n");
    expect(pack.includes(Buffer.from("PACK"))).toBe(true);
  });

  it("answers an unknown repository as one the caller may not see: 401 when anonymous, else 404", async () => {
    const anonymous = await fetch(`${url}/acme/missing/info/refs?service=git-upload-pack`);
    expect(anonymous.status).toBe(401);
    const admin = { authorization: `Basic ${Buffer.from("me:secret-token").toString("base64")}` };
    const response = await fetch(`${url}/acme/missing/info/refs?service=git-upload-pack`, { headers: admin });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-error-code")).toBe("RepoNotFound");
    expect(await response.json()).toEqual({ error: 'repository "acme/missing" not found' });
    const withToken = url.replace("http://", "http://me:secret-token@");
    await expect(box.git(["clone", `${withToken}/acme/missing`, join(box.root, "nothing")])).rejects.toThrow(
      /not found/,
    );
  });

  it("challenges an anonymous caller for a repository it cannot see; git then sends the URL's token", async () => {
    const anonymous = await fetch(`${url}/acme/private/info/refs?service=git-upload-pack`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe('Basic realm="modelhub"');
    await expect(box.git(["clone", `${url}/acme/private`, join(box.root, "p0")])).rejects.toThrow(
      /could not read Username/,
    );
    const member = url.replace("http://", "http://me:hf_member@");
    await box.git(["clone", `${member}/acme/private`, join(box.root, "p1")]);
    expect(readFileSync(join(box.root, "p1", "README.md"), "utf8")).toBe("# Tiny\n");
    const outsider = url.replace("http://", "http://me:hf_outsider@");
    await expect(box.git(["clone", `${outsider}/acme/private`, join(box.root, "p2")])).rejects.toThrow(/not found/);
  });

  it("refuses ids that break the rules before touching git", async () => {
    for (const path of ["/acme/..%2f..%2fetc/info/refs", "/acme/a..b/info/refs", "/-x/y/info/refs"]) {
      const response = await fetch(`${url}${path}?service=git-upload-pack`);
      expect(response.status, path).toBe(400);
    }
  });

  it("refuses the dumb protocol and unknown services", async () => {
    for (const query of ["", "?service=git-upload-archive", "?service=../../x"]) {
      const response = await fetch(`${url}/acme/tiny/info/refs${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/service/);
    }
  });

  it("refuses a pack request of another content type or encoding", async () => {
    const wrongType = await fetch(`${url}/acme/tiny/git-upload-pack`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(wrongType.status).toBe(415);
    const wrongEncoding = await fetch(`${url}/acme/tiny/git-upload-pack`, {
      method: "POST",
      headers: { "content-type": "application/x-git-upload-pack-request", "content-encoding": "br" },
      body: "0000",
    });
    expect(wrongEncoding.status).toBe(415);
  });

  it("asks an anonymous pusher for credentials and refuses pushes when the hub takes none", async () => {
    const anonymous = await fetch(`${url}/acme/tiny/info/refs?service=git-receive-pack`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe('Basic realm="modelhub"');
    const admin = await fetch(`${url}/acme/tiny/info/refs?service=git-receive-pack`, {
      headers: { authorization: `Basic ${Buffer.from("me:secret-token").toString("base64")}` },
    });
    expect(admin.status).toBe(400);
  });
});
