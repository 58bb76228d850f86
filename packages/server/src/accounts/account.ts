// The account types: users and organisations (one namespace space), roles, tokens, sessions.

/** A member's role in an organisation, weakest first. */
export const ORG_ROLES = ["read", "write", "admin"] as const;
/** One of `ORG_ROLES`. */
export type OrgRole = (typeof ORG_ROLES)[number];

/** An access token's role: `read` tokens never write. */
export const TOKEN_ROLES = ["read", "write"] as const;
/** One of `TOKEN_ROLES`. */
export type TokenRole = (typeof TOKEN_ROLES)[number];

/** A user or an organisation. */
export interface Account {
  /** Sequence key. */
  pk: number;
  /** The namespace it owns. */
  name: string;
  /** `user` or `org`. */
  kind: "user" | "org";
  /** Display name. */
  fullname: string;
  /** A hub administrator (users only). */
  isAdmin: boolean;
  /** ISO date of creation. */
  createdAt: string;
}

/** A user's membership of an organisation. */
export interface Membership {
  /** The organisation. */
  org: Account;
  /** The user's role in it. */
  role: OrgRole;
}

/** An access token as listed (never the token itself). */
export interface TokenInfo {
  /** Public id (to revoke it). */
  id: number;
  /** The owner's name. */
  user: string;
  /** The owner's label. */
  name: string;
  /** `read` or `write`. */
  role: TokenRole;
  /** ISO date of creation. */
  createdAt: string;
  /** ISO date after which it is refused, or null. */
  expiresAt: string | null;
}

/** A signed-in browser. */
export interface Session {
  /** The user. */
  user: Account;
  /** What cookie-authenticated writes must send in `X-CSRF-Token`. */
  csrfToken: string;
  /** ISO date it ends. */
  expiresAt: string;
}

/** True when `role` is at least `needed` (read < write < admin). */
export function roleAtLeast(role: OrgRole, needed: OrgRole): boolean {
  return ORG_ROLES.indexOf(role) >= ORG_ROLES.indexOf(needed);
}
