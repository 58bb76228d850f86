// Who is asking: nobody, the bootstrap administrator (MODELHUB_ADMIN_TOKEN), or a user through a token or a session.
import { tokensEqual } from "../auth/require-admin.js";
import { HubError } from "../errors.js";
import type { Account, Membership, TokenInfo } from "./account.js";
import type { AccountStore } from "./account-store.js";
import { secretDigest, TOKEN_PREFIX } from "./secrets.js";

/** The caller of a request. */
export type Principal =
  | { readonly kind: "anonymous" }
  | { readonly kind: "bootstrap" }
  | {
      readonly kind: "user";
      /** The user. */
      readonly user: Account;
      /** Its organisations and roles. */
      readonly orgs: readonly Membership[];
      /** The token it authenticated with, or null for a browser session. */
      readonly token: TokenInfo | null;
      /** The session's CSRF token, or null for a token. */
      readonly csrfToken: string | null;
    };

/** The principal of a request without credentials. */
export const ANONYMOUS: Principal = { kind: "anonymous" };

/** The text the Python client recognises as "your token is wrong" (not "the repository is missing"). */
export const INVALID_CREDENTIALS = "Invalid credentials in Authorization header";

/** What identifies the caller of a request. */
export interface Credentials {
  /** The `Authorization` header. */
  authorization: string | undefined;
  /** The session cookie's value. */
  session: string | undefined;
}

/** What resolving needs. */
export interface PrincipalSources {
  /** Accounts, tokens and sessions, read on every request (nothing about a token outlives its request). */
  accounts: AccountStore;
  /** The bootstrap administrator's token. */
  adminToken: string;
  /** Clock (token expiry, session end). */
  now: () => Date;
}

// The secret of `Authorization: Bearer <t>` or of Basic `<user>:<t>` (git sends a token as the password).
function presentedSecret(header: string): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return colon >= 0 && colon < decoded.length - 1 ? decoded.slice(colon + 1) : null;
  }
  return null;
}

function invalidCredentials(): HubError {
  return new HubError("unauthorized", INVALID_CREDENTIALS);
}

async function userPrincipal(
  sources: PrincipalSources,
  user: Account,
  token: TokenInfo | null,
  csrfToken: string | null,
): Promise<Principal> {
  return { kind: "user", user, orgs: await sources.accounts.membershipsOf(user.pk), token, csrfToken };
}

/** True when `credentials` may name someone (a non-empty Authorization header or a session cookie); else the
 * caller is anonymous without asking the accounts. */
export function presentsCredentials(credentials: Credentials): boolean {
  return (credentials.authorization !== undefined && credentials.authorization !== "") || Boolean(credentials.session);
}

/** The principal of `credentials`; throws a 401 HubError for a token that is unknown, revoked or expired. */
export async function resolvePrincipal(sources: PrincipalSources, credentials: Credentials): Promise<Principal> {
  if (credentials.authorization !== undefined && credentials.authorization !== "") {
    const secret = presentedSecret(credentials.authorization);
    if (!secret) throw invalidCredentials();
    if (tokensEqual(secret, sources.adminToken)) return { kind: "bootstrap" };
    if (!secret.startsWith(TOKEN_PREFIX)) throw invalidCredentials();
    const found = await sources.accounts.findToken(secretDigest(secret));
    if (!found) throw invalidCredentials();
    if (found.token.expiresAt !== null && Date.parse(found.token.expiresAt) <= sources.now().getTime()) {
      throw new HubError("unauthorized", `${INVALID_CREDENTIALS}: the token has expired`);
    }
    return userPrincipal(sources, found.user, found.token, null);
  }
  if (credentials.session) {
    const session = await sources.accounts.findSession(secretDigest(credentials.session), sources.now());
    // An ended or unknown session is simply no session: the page then offers to sign in.
    if (session) return userPrincipal(sources, session.user, null, session.csrfToken);
  }
  return ANONYMOUS;
}
