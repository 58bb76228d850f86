// `modelhub user`, `org` and `token` against a fresh data folder, run as a user would (a child process).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openStore } from "@modelhub/server/storage";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const CLI_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ENTRY = 'import("./src/main.ts").then(async (m) => { process.exitCode = await m.main(process.argv.slice(1)); })';

// Each test runs the CLI from its TypeScript sources several times (a few seconds a start on a busy machine).
const CLI_RUNS_MS = 240_000;

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "modelhub-cli-accounts-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function modelhub(args: string[], input = "") {
  const run = spawnSync(process.execPath, ["--conditions=source", "--import", "tsx", "-e", ENTRY, ...args], {
    cwd: CLI_ROOT,
    input,
    env: { ...process.env, DATABASE_URL: "", MODELHUB_DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("account commands", { timeout: CLI_RUNS_MS }, () => {
  it("creates the first user, an org with a member, and a token that is stored only as its hash", async () => {
    const user = modelhub(["user", "create", "alice", "--password-stdin", "--admin"], "a long passphrase\n");
    expect([user.status, user.stdout]).toEqual([0, "user alice created (administrator)\n"]);
    expect(modelhub(["org", "create", "acme"]).status).toBe(0);
    expect(modelhub(["org", "add-member", "acme", "alice", "--role", "write"]).status).toBe(0);
    expect(modelhub(["org", "members", "acme"]).stdout).toBe("alice\twrite\n");

    const created = modelhub(["token", "create", "--user", "alice", "--role", "read", "--name", "ci"]);
    expect(created.status).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^hf_[A-Za-z0-9]{34}$/);
    expect(modelhub(["token", "list", "--user", "alice"]).stdout).toMatch(/^1\tread\tci\tcreated .*\texpires never\n$/);

    const store = await openStore({ dbPath: join(dataDir, "modelhub.db") });
    try {
      const found = await store.accounts.findToken(createHash("sha256").update(token).digest("hex"));
      expect(found?.user.name).toBe("alice");
      expect(found?.token.role).toBe("read");
    } finally {
      await store.close();
    }
    expect(modelhub(["token", "revoke", "1", "--user", "alice"]).stdout).toBe("token 1 revoked\n");
    expect(modelhub(["token", "list", "--user", "alice"]).stdout).toBe("");
  });

  it("refuses a short password, a name taken by an org, a bad role and a missing stdin flag", () => {
    expect(modelhub(["org", "create", "acme"]).status).toBe(0);
    const short = modelhub(["user", "create", "bob", "--password-stdin"], "short\n");
    expect([short.status, short.stderr]).toEqual([1, "modelhub user: password must be at least 8 characters\n"]);
    const clash = modelhub(["user", "create", "Acme", "--password-stdin"], "a long passphrase\n");
    expect(clash.stderr).toBe('modelhub user: the name "Acme" is already taken by a user or organization\n');
    expect(modelhub(["user", "create", "bob"]).status).toBe(2);
    expect(modelhub(["token", "create", "--user", "nobody", "--role", "write"]).stderr).toBe(
      'modelhub token: no user named "nobody"\n',
    );
    expect(modelhub(["user", "list"]).stdout).toBe("");
  });
});
