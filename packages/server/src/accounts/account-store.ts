// The storage of accounts, memberships, tokens and sessions. Every method is atomic; name lookups ignore case.
import type { Account, Membership, OrgRole, Session, TokenInfo, TokenRole } from "./account.js";

/** What a new account is made of. */
export interface NewAccount {
  /** The namespace (already checked by `accountNameProblem`). */
  name: string;
  /** `user` or `org`. */
  kind: "user" | "org";
  /** Display name (defaults to the name). */
  fullname?: string;
  /** A user's password hash (from `hashPassword`). */
  passwordHash?: string | null;
  /** A hub administrator. */
  isAdmin?: boolean;
}

/** What a new token is made of: only the digest of the token is stored. */
export interface NewToken {
  /** The owner. */
  userPk: number;
  /** Label. */
  name: string;
  /** `secretDigest` of the token. */
  digest: string;
  /** `read` or `write`. */
  role: TokenRole;
  /** ISO expiry, or null. */
  expiresAt: string | null;
}

/** Accounts, memberships, tokens and sessions. */
export interface AccountStore {
  /** Number of users (the first-run page shows while there are none). */
  countUsers(): Promise<number>;
  /** Creates an account; throws a `conflict` HubError when the name (in any case) is taken by a user or an org. */
  createAccount(account: NewAccount, now: Date): Promise<Account>;
  /** Creates the first user as an administrator; null (nothing written) when a user already exists. */
  createFirstAdmin(account: NewAccount, now: Date): Promise<Account | null>;
  /** The account of `name` (any case), or null. */
  getAccount(name: string): Promise<Account | null>;
  /** A user and its password hash, or null when there is no such user. */
  getLogin(name: string): Promise<{ user: Account; passwordHash: string | null } | null>;
  /** Sets a user's password hash; false when there is no such user. */
  setPasswordHash(name: string, passwordHash: string): Promise<boolean>;
  /** Every account of `kind`, by name. */
  listAccounts(kind: "user" | "org"): Promise<Account[]>;
  /** Adds a user to an organisation or changes its role. */
  setMember(orgPk: number, userPk: number, role: OrgRole): Promise<void>;
  /** Removes a user from an organisation; false when it was not a member. */
  removeMember(orgPk: number, userPk: number): Promise<boolean>;
  /** The organisations `userPk` belongs to, with its roles, by name. */
  membershipsOf(userPk: number): Promise<Membership[]>;
  /** The members of an organisation, with their roles, by name. */
  membersOf(orgPk: number): Promise<{ user: Account; role: OrgRole }[]>;
  /** Stores a token (its digest) and returns it as listed. */
  createToken(token: NewToken, now: Date): Promise<TokenInfo>;
  /** The token with this digest and its owner, expired or not (the caller decides), or null. */
  findToken(digest: string): Promise<{ token: TokenInfo; user: Account } | null>;
  /** A user's tokens, newest first. */
  listTokens(userPk: number): Promise<TokenInfo[]>;
  /** Deletes a user's token (revoked at once); false when the user has no token with this id. */
  deleteToken(userPk: number, id: number): Promise<boolean>;
  /** Stores a session (its digest). */
  createSession(digest: string, userPk: number, csrfToken: string, expiresAt: Date, now: Date): Promise<void>;
  /** The session with this digest if it has not ended at `now`, or null. */
  findSession(digest: string, now: Date): Promise<Session | null>;
  /** Ends a session. */
  deleteSession(digest: string): Promise<void>;
}
