// The one access policy of the hub, as pure functions of a principal: who sees a model, who may write a namespace.
// Every route, git and LFS included, asks these (through access-hooks.ts); nothing else decides access.
import type { Visibility } from "../store/store.js";
import { type OrgRole, roleAtLeast } from "./account.js";
import type { Principal } from "./principal.js";

/** What the policy needs to know of a model. */
export interface ModelAccessFacts {
  /** Its namespace. */
  author: string;
  /** True when private. */
  private?: boolean;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** True for the bootstrap administrator and for users marked as administrators. */
export function isAdministrator(principal: Principal): boolean {
  return principal.kind === "bootstrap" || (principal.kind === "user" && principal.user.isAdmin);
}

/** The principal's role on `namespace` before its token's limits: admin of its own, its role in an org, or null. */
export function membershipRole(principal: Principal, namespace: string): OrgRole | null {
  if (isAdministrator(principal)) return "admin";
  if (principal.kind !== "user") return null;
  if (same(principal.user.name, namespace)) return "admin";
  return principal.orgs.find((m) => same(m.org.name, namespace))?.role ?? null;
}

/** The role the request may use on `namespace`: its membership role, capped at `read` for a read token. */
export function effectiveRole(principal: Principal, namespace: string): OrgRole | null {
  const role = membershipRole(principal, namespace);
  if (role === null) return null;
  if (principal.kind === "user" && principal.token?.role === "read") return "read";
  return role;
}

/** True when the principal may see `model`: public models to everyone, private ones to the namespace's members. */
export function canRead(principal: Principal, model: ModelAccessFacts): boolean {
  return !model.private || membershipRole(principal, model.author) !== null;
}

/** True when the principal may act on `namespace` with at least `needed`. */
export function hasRole(principal: Principal, namespace: string, needed: OrgRole): boolean {
  const role = effectiveRole(principal, namespace);
  return role !== null && roleAtLeast(role, needed);
}

/** The private models the principal may see in lists, counts and search. */
export function visibilityOf(principal: Principal): Visibility {
  if (isAdministrator(principal)) return { all: true };
  if (principal.kind !== "user") return { namespaces: [] };
  return { namespaces: [principal.user.name, ...principal.orgs.map((m) => m.org.name)] };
}
