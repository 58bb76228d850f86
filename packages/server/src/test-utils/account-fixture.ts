// Accounts for access tests: two organisations, users with every role, and tokens of every kind.
import type { OrgRole, TokenRole } from "../accounts/account.js";
import { createAccountService } from "../accounts/account-service.js";
import { newAccessToken, secretDigest } from "../accounts/secrets.js";
import type { Store } from "../store/store.js";

/** The password of every fixture user. */
export const FIXTURE_PASSWORD = "correct horse battery staple";

/** The tokens of the fixture, by who holds them. */
export interface AccountFixture {
  /** alice (acme writer): a read token. */
  aliceRead: string;
  /** alice: a write token. */
  aliceWrite: string;
  /** rita (acme reader): a write token (her role caps it). */
  ritaWrite: string;
  /** olga (acme admin): a write token. */
  olgaWrite: string;
  /** bob (writer of the org `other`): a write token. */
  bobWrite: string;
  /** root (hub administrator): a write token. */
  rootWrite: string;
  /** alice's write token after it was revoked. */
  revoked: string;
  /** alice's write token whose expiry has passed. */
  expired: string;
}

/** Creates orgs `acme` and `other`, users alice, rita, olga, bob, root, and their tokens. */
export async function seedAccounts(store: Store, now: () => Date = () => new Date()): Promise<AccountFixture> {
  const service = createAccountService(store.accounts, now);
  const acme = await service.createOrg("acme", "Acme Corp", null);
  const other = await service.createOrg("other", undefined, null);
  const user = async (name: string, org: typeof acme | null, role: OrgRole, isAdmin = false) => {
    const account = await service.createUser({ name, password: FIXTURE_PASSWORD, isAdmin });
    if (org) await store.accounts.setMember(org.pk, account.pk, role);
    return account;
  };
  const [alice, rita, olga, bob, root] = await Promise.all([
    user("alice", acme, "write"),
    user("rita", acme, "read"),
    user("olga", acme, "admin"),
    user("bob", other, "write"),
    user("root", null, "read", true),
  ]);
  const token = async (owner: typeof alice, role: TokenRole) =>
    (await service.issueToken(owner, `${owner.name}-${role}`, role, null)).token;
  const revoked = await service.issueToken(alice, "soon revoked", "write", null);
  await store.accounts.deleteToken(alice.pk, revoked.info.id);
  // The service refuses a past expiry, so the expired token is written as if it had been made long ago.
  const expired = newAccessToken();
  await store.accounts.createToken(
    {
      userPk: alice.pk,
      name: "expired",
      digest: secretDigest(expired),
      role: "write",
      expiresAt: new Date(now().getTime() - 1000).toISOString(),
    },
    new Date(now().getTime() - 86_400_000),
  );
  return {
    aliceRead: await token(alice, "read"),
    aliceWrite: await token(alice, "write"),
    ritaWrite: await token(rita, "write"),
    olgaWrite: await token(olga, "write"),
    bobWrite: await token(bob, "write"),
    rootWrite: await token(root, "write"),
    revoked: revoked.token,
    expired,
  };
}
