import { describe, expect, it } from "vitest";
import { canRead, effectiveRole, hasRole, visibilityOf } from "./access.js";
import type { Account, TokenInfo } from "./account.js";
import { ANONYMOUS, type Principal } from "./principal.js";

const account = (name: string, kind: "user" | "org" = "user", isAdmin = false): Account => ({
  pk: name.length,
  name,
  kind,
  fullname: name,
  isAdmin,
  createdAt: "2024-01-01T00:00:00.000Z",
});
const token = (role: "read" | "write"): TokenInfo => ({
  id: 1,
  user: "alice",
  name: "t",
  role,
  createdAt: "2024-01-01T00:00:00.000Z",
  expiresAt: null,
});
const alice = (role: "read" | "write" | null): Principal => ({
  kind: "user",
  user: account("alice"),
  orgs: [{ org: account("Acme", "org"), role: "write" }],
  token: role ? token(role) : null,
  csrfToken: role ? null : "csrf",
});

describe("the access policy", () => {
  it("shows public models to everyone and private ones to members only", () => {
    const secret = { author: "acme", private: true };
    expect(canRead(ANONYMOUS, { author: "acme" })).toBe(true);
    expect(canRead(ANONYMOUS, secret)).toBe(false);
    expect(canRead(alice("read"), secret)).toBe(true);
    expect(canRead(alice("write"), { author: "alice", private: true })).toBe(true);
    expect(canRead(alice("write"), { author: "other", private: true })).toBe(false);
    expect(canRead({ kind: "bootstrap" }, { author: "other", private: true })).toBe(true);
  });

  it("caps a read token at read, whatever the membership", () => {
    expect(effectiveRole(alice("read"), "acme")).toBe("read");
    expect(effectiveRole(alice("write"), "acme")).toBe("write");
    expect(effectiveRole(alice(null), "alice")).toBe("admin");
    expect(hasRole(alice("read"), "alice", "write")).toBe(false);
    expect(hasRole(alice("write"), "acme", "admin")).toBe(false);
    expect(hasRole(ANONYMOUS, "acme", "read")).toBe(false);
  });

  it("lists the namespaces whose private models appear in lists", () => {
    expect(visibilityOf(ANONYMOUS)).toEqual({ namespaces: [] });
    expect(visibilityOf(alice("read"))).toEqual({ namespaces: ["alice", "Acme"] });
    expect(visibilityOf({ kind: "bootstrap" })).toEqual({ all: true });
  });
});
