// The signed-in state and access tokens: GET/POST/DELETE /api/session, POST /api/setup, /api/settings/tokens.
// Writes send the session's CSRF token in X-CSRF-Token; the session itself is an HttpOnly cookie the page never sees.
import { ApiError } from "./api-error";

/** Who is signed in, and whether the hub still needs its first user. */
export interface SessionState {
  /** The signed-in user, or null. */
  user: { name: string; fullname: string; isAdmin: boolean; orgs: { name: string; role: string }[] } | null;
  /** The token writes must echo, or null when nobody is signed in. */
  csrfToken: string | null;
  /** True while the hub has no user: the first-run page creates one. */
  setupRequired: boolean;
}

/** An access token as listed (never the secret). */
export interface TokenInfo {
  /** Its id (to revoke it). */
  id: number;
  /** Its label. */
  name: string;
  /** `read` or `write`. */
  role: "read" | "write";
  /** ISO creation date. */
  createdAt: string;
  /** ISO expiry, or null. */
  expiresAt: string | null;
}

async function send(method: string, url: string, body: unknown, csrfToken: string | null): Promise<unknown> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (csrfToken) headers["x-csrf-token"] = csrfToken;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, "The server could not be reached.");
  }
  const parsed: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof parsed === "object" && parsed !== null && "error" in parsed && typeof parsed.error === "string"
        ? parsed.error
        : `The server answered ${response.status}.`;
    throw new ApiError(response.status, message, response.headers.get("x-request-id"));
  }
  return parsed;
}

/** The current session state. */
export async function getSession(): Promise<SessionState> {
  return (await send("GET", "/api/session", undefined, null)) as SessionState;
}

/** Signs in; the cookie is set by the answer. */
export async function signIn(username: string, password: string): Promise<void> {
  await send("POST", "/api/session", { username, password }, null);
}

/** Signs out. */
export async function signOut(csrfToken: string | null): Promise<void> {
  await send("DELETE", "/api/session", undefined, csrfToken);
}

/** Creates the first administrator (needs the admin token the hub printed) and signs in. */
export async function setUp(adminToken: string, username: string, password: string): Promise<void> {
  await send("POST", "/api/setup", { adminToken, username, password }, null);
}

/** The signed-in user's tokens. */
export async function listTokens(): Promise<TokenInfo[]> {
  return (await send("GET", "/api/settings/tokens", undefined, null)) as TokenInfo[];
}

/** Creates a token; the answer holds the secret, shown once. */
export async function createToken(
  csrfToken: string | null,
  input: { name: string; role: "read" | "write"; expiresAt?: string },
): Promise<TokenInfo & { token: string }> {
  return (await send("POST", "/api/settings/tokens", input, csrfToken)) as TokenInfo & { token: string };
}

/** Revokes a token at once. */
export async function revokeToken(csrfToken: string | null, id: number): Promise<void> {
  await send("DELETE", `/api/settings/tokens/${id}`, undefined, csrfToken);
}
