import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_FILE, resolveAdminToken } from "./admin-token.js";
import { tokensEqual } from "./require-admin.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "modelhub-token-"));
  dirs.push(dir);
  return join(dir, "data");
}

describe("resolveAdminToken", () => {
  it("uses the configured token and writes nothing", () => {
    const dir = dataDir();
    expect(resolveAdminToken("from-env", dir)).toEqual({ token: "from-env", generatedFile: null });
  });

  it("generates a token once, stores it owner-only, and reuses it afterwards", () => {
    const dir = dataDir();
    const first = resolveAdminToken(undefined, dir);
    expect(first.generatedFile).toBe(join(dir, ADMIN_TOKEN_FILE));
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(join(dir, ADMIN_TOKEN_FILE), "utf8").trim()).toBe(first.token);
    expect(statSync(join(dir, ADMIN_TOKEN_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveAdminToken(undefined, dir)).toEqual({ token: first.token, generatedFile: null });
  });
});

describe("tokensEqual", () => {
  it("compares whole tokens", () => {
    expect(tokensEqual("abc", "abc")).toBe(true);
    expect(tokensEqual("abc", "abd")).toBe(false);
    expect(tokensEqual("ab", "abc")).toBe(false);
    expect(tokensEqual("", "abc")).toBe(false);
  });
});
