// The body of GET /api/whoami-v2 in the field's shape: the Python client reads name, type and orgs; the JS client
// reads auth.accessToken.role as well.
import type { Principal } from "./principal.js";

/** An organisation as whoami lists it. */
export interface WhoAmIOrg {
  type: "org";
  id: string;
  name: string;
  fullname: string;
  /** The user's role in it. */
  roleInOrg: string;
  isEnterprise: false;
  canPay: false;
}

/** The whoami document of a signed-in caller. */
export interface WhoAmI {
  type: "user";
  id: string;
  name: string;
  fullname: string;
  email: null;
  emailVerified: false;
  isPro: false;
  canPay: false;
  periodEnd: null;
  avatarUrl: string;
  /** Hub administrator. */
  isAdmin: boolean;
  orgs: WhoAmIOrg[];
  /** How the caller authenticated: a token (with its name and role) or a browser session. */
  auth:
    | { type: "access_token"; accessToken: { displayName: string; role: "read" | "write"; createdAt: string } }
    | { type: "session" };
}

const AVATAR = "/favicon.ico";

/** The whoami document of `principal`, or null for an anonymous caller. */
export function whoAmI(principal: Principal, now: Date): WhoAmI | null {
  if (principal.kind === "anonymous") return null;
  const common = {
    type: "user",
    email: null,
    emailVerified: false,
    isPro: false,
    canPay: false,
    periodEnd: null,
    avatarUrl: AVATAR,
  } as const;
  if (principal.kind === "bootstrap") {
    return {
      ...common,
      id: "admin",
      name: "admin",
      fullname: "Hub administrator (MODELHUB_ADMIN_TOKEN)",
      isAdmin: true,
      orgs: [],
      auth: {
        type: "access_token",
        accessToken: { displayName: "MODELHUB_ADMIN_TOKEN", role: "write", createdAt: now.toISOString() },
      },
    };
  }
  const { user, orgs, token } = principal;
  return {
    ...common,
    id: String(user.pk),
    name: user.name,
    fullname: user.fullname,
    isAdmin: user.isAdmin,
    orgs: orgs.map((m) => ({
      type: "org",
      id: String(m.org.pk),
      name: m.org.name,
      fullname: m.org.fullname,
      roleInOrg: m.role,
      isEnterprise: false,
      canPay: false,
    })),
    auth: token
      ? { type: "access_token", accessToken: { displayName: token.name, role: token.role, createdAt: token.createdAt } }
      : { type: "session" },
  };
}
