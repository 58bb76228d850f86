// Account operations shared by the HTTP routes and the CLI: checked input in, stored accounts and secrets out.
import { HubError } from "../errors.js";
import { type Account, ORG_ROLES, type OrgRole, TOKEN_ROLES, type TokenInfo, type TokenRole } from "./account.js";
import { accountNameProblem } from "./account-names.js";
import type { AccountStore } from "./account-store.js";
import { hashPassword, passwordProblem, verifyPassword } from "./password.js";
import { newAccessToken, newSecret, secretDigest } from "./secrets.js";

/** How long a browser session lasts. */
export const SESSION_DAYS = 30;
/** Longest token label. */
const MAX_LABEL = 100;

/** A new user. */
export interface NewUser {
  /** The namespace. */
  name: string;
  /** The password (checked by `passwordProblem`). */
  password: string;
  /** Display name. */
  fullname?: string;
  /** A hub administrator. */
  isAdmin?: boolean;
}

/** A token just made: the only time the secret is known. */
export interface IssuedToken {
  /** The token itself, shown once. */
  token: string;
  /** What is stored and listed. */
  info: TokenInfo;
}

/** A session just opened. */
export interface OpenedSession {
  /** The cookie's value. */
  secret: string;
  /** The CSRF token of the session. */
  csrfToken: string;
  /** When it ends. */
  expiresAt: Date;
  /** The user. */
  user: Account;
}

function checkName(name: string): void {
  const problem = accountNameProblem(name);
  if (problem) throw new HubError("bad_request", `name "${name}" ${problem}`);
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new HubError("bad_request", `password ${problem}`);
}

/** A role from text; a 400 naming the allowed ones otherwise. */
export function parseOrgRole(text: string): OrgRole {
  if ((ORG_ROLES as readonly string[]).includes(text)) return text as OrgRole;
  throw new HubError("bad_request", `role must be one of ${ORG_ROLES.join(", ")}, got "${text}"`);
}

/** A token role from text; a 400 naming the allowed ones otherwise. */
export function parseTokenRole(text: string): TokenRole {
  if ((TOKEN_ROLES as readonly string[]).includes(text)) return text as TokenRole;
  throw new HubError("bad_request", `token role must be one of ${TOKEN_ROLES.join(", ")}, got "${text}"`);
}

/** The account operations over `accounts`. */
export function createAccountService(accounts: AccountStore, now: () => Date) {
  async function findUser(name: string): Promise<Account> {
    const account = await accounts.getAccount(name);
    if (account?.kind !== "user") throw new HubError("not_found", `no user named "${name}"`);
    return account;
  }

  async function findOrg(name: string): Promise<Account> {
    const account = await accounts.getAccount(name);
    if (account?.kind !== "org") throw new HubError("not_found", `no organization named "${name}"`);
    return account;
  }

  return {
    findUser,
    findOrg,

    /** Creates a user; 400 for a bad name or password, 409 when a user or an organisation has the name. */
    async createUser(input: NewUser): Promise<Account> {
      checkName(input.name);
      checkPassword(input.password);
      return accounts.createAccount(
        {
          name: input.name,
          kind: "user",
          fullname: input.fullname ?? input.name,
          passwordHash: await hashPassword(input.password),
          isAdmin: input.isAdmin ?? false,
        },
        now(),
      );
    },

    /** Creates the first user as an administrator; 409 once any user exists. */
    async createFirstAdmin(input: NewUser): Promise<Account> {
      checkName(input.name);
      checkPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      const user = await accounts.createFirstAdmin(
        { name: input.name, kind: "user", fullname: input.fullname ?? input.name, passwordHash },
        now(),
      );
      if (!user) throw new HubError("conflict", "the hub already has users: sign in instead");
      return user;
    },

    /** Creates an organisation; `creator` (when given) becomes its admin. */
    async createOrg(name: string, fullname: string | undefined, creator: Account | null): Promise<Account> {
      checkName(name);
      const org = await accounts.createAccount({ name, kind: "org", fullname: fullname ?? name }, now());
      if (creator) await accounts.setMember(org.pk, creator.pk, "admin");
      return org;
    },

    /** Sets `userName`'s role in `orgName`. */
    async setMember(orgName: string, userName: string, role: OrgRole): Promise<void> {
      const [org, user] = await Promise.all([findOrg(orgName), findUser(userName)]);
      await accounts.setMember(org.pk, user.pk, role);
    },

    /** The members of `org` with their roles. */
    membersOf: (org: Account) => accounts.membersOf(org.pk),

    /** Removes `userName` from `orgName`; 404 when it was not a member. */
    async removeMember(orgName: string, userName: string): Promise<void> {
      const [org, user] = await Promise.all([findOrg(orgName), findUser(userName)]);
      if (!(await accounts.removeMember(org.pk, user.pk))) {
        throw new HubError("not_found", `"${userName}" is not a member of "${orgName}"`);
      }
    },

    /** Sets a user's password. */
    async setPassword(userName: string, password: string): Promise<void> {
      checkPassword(password);
      await findUser(userName);
      await accounts.setPasswordHash(userName, await hashPassword(password));
    },

    /** Makes a token for `user`; `expiresAt` must be in the future. */
    async issueToken(user: Account, label: string, role: TokenRole, expiresAt: Date | null): Promise<IssuedToken> {
      const name = label.trim();
      if (name.length === 0 || name.length > MAX_LABEL) {
        throw new HubError("bad_request", `token name must be 1 to ${MAX_LABEL} characters`);
      }
      if (expiresAt !== null && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now().getTime())) {
        throw new HubError("bad_request", "token expiry must be a date in the future");
      }
      const token = newAccessToken();
      const info = await accounts.createToken(
        { userPk: user.pk, name, digest: secretDigest(token), role, expiresAt: expiresAt?.toISOString() ?? null },
        now(),
      );
      return { token, info };
    },

    /** Checks a user's password and opens a session; one 401 for an unknown user or a wrong password. */
    async signIn(name: string, password: string): Promise<OpenedSession> {
      const login = await accounts.getLogin(name);
      // A made-up hash keeps the time of "no such user" close to that of "wrong password".
      const stored =
        login?.passwordHash ?? "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
      const ok = await verifyPassword(password, stored);
      if (!login?.passwordHash || !ok) throw new HubError("unauthorized", "wrong user name or password");
      const secret = newSecret();
      const csrfToken = newSecret();
      const expiresAt = new Date(now().getTime() + SESSION_DAYS * 86_400_000);
      await accounts.createSession(secretDigest(secret), login.user.pk, csrfToken, expiresAt, now());
      return { secret, csrfToken, expiresAt, user: login.user };
    },

    /** Ends the session whose cookie is `secret`. */
    signOut: (secret: string) => accounts.deleteSession(secretDigest(secret)),
  };
}

/** The account operations (see `createAccountService`). */
export type AccountService = ReturnType<typeof createAccountService>;
