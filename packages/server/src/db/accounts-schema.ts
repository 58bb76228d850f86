// The tables of accounts (users and organisations), memberships, access tokens, sessions and model redirects.
import type { Generated } from "kysely";

/** A user or an organisation: both own a namespace, so they share one table and one name space. */
export interface AccountsTable {
  /** Sequence key. */
  pk: Generated<number>;
  /** The namespace, as written at creation. */
  name: string;
  /** The name lower-cased: unique, so `Alice` and `alice` cannot both exist. */
  name_key: string;
  /** `user` or `org`. */
  kind: "user" | "org";
  /** Display name. */
  fullname: string;
  /** scrypt hash of a user's password (`scrypt$N$r$p$salt$hash`); null for organisations and password-less users. */
  password_hash: string | null;
  /** 1 for a hub administrator (reads and writes everything). */
  is_admin: number;
  /** ISO date of creation. */
  created_at: string;
}

/** A user's role in an organisation. */
export interface OrgMembersTable {
  /** `accounts.pk` of the organisation. */
  org_pk: number;
  /** `accounts.pk` of the user. */
  user_pk: number;
  /** `read`, `write` or `admin`. */
  role: string;
}

/** An access token: only its sha256 is kept, the token itself is shown once. */
export interface AccessTokensTable {
  /** Sequence key, the token's public id. */
  pk: Generated<number>;
  /** `accounts.pk` of the owner. */
  user_pk: number;
  /** A label chosen by the owner. */
  name: string;
  /** sha256 (hex) of the token. */
  token_hash: string;
  /** `read` or `write`. */
  role: string;
  /** ISO date of creation. */
  created_at: string;
  /** ISO date after which the token is refused, or null. */
  expires_at: string | null;
}

/** A signed-in browser. */
export interface SessionsTable {
  /** sha256 (hex) of the cookie's value. */
  token_hash: string;
  /** `accounts.pk` of the user. */
  user_pk: number;
  /** The token cookie-authenticated writes must echo in `X-CSRF-Token`. */
  csrf_token: string;
  /** ISO date of sign-in. */
  created_at: string;
  /** ISO date the session ends. */
  expires_at: string;
}

/** An old model id that now answers with the model's new id (after a move). */
export interface ModelRedirectsTable {
  /** The old id. */
  from_id: string;
  /** The id it moved to. */
  to_id: string;
}

/** The account tables, part of the hub's database type. */
export interface AccountTables {
  /** Users and organisations. */
  accounts: AccountsTable;
  /** Organisation memberships. */
  org_members: OrgMembersTable;
  /** Access tokens. */
  access_tokens: AccessTokensTable;
  /** Web sessions. */
  sessions: SessionsTable;
  /** Moved models' old ids. */
  model_redirects: ModelRedirectsTable;
}
