// The AccountStore over Kysely, for SQLite and PostgreSQL alike.
import type { Kysely, Selectable } from "kysely";
import type { AccountsTable } from "../db/accounts-schema.js";
import type { HubDatabase } from "../db/schema.js";
import { HubError } from "../errors.js";
import type { Account, OrgRole, TokenInfo, TokenRole } from "./account.js";
import type { AccountStore, NewAccount } from "./account-store.js";

function toAccount(row: Selectable<AccountsTable>): Account {
  return {
    pk: Number(row.pk),
    name: row.name,
    kind: row.kind,
    fullname: row.fullname,
    isAdmin: Number(row.is_admin) === 1,
    createdAt: row.created_at,
  };
}

interface TokenRow {
  pk: number;
  user_name: string;
  name: string;
  role: string;
  created_at: string;
  expires_at: string | null;
}

function toToken(row: TokenRow): TokenInfo {
  return {
    id: Number(row.pk),
    user: row.user_name,
    name: row.name,
    role: row.role as TokenRole,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

function accountValues(account: NewAccount, now: Date) {
  return {
    name: account.name,
    name_key: account.name.toLowerCase(),
    kind: account.kind,
    fullname: account.fullname ?? account.name,
    password_hash: account.passwordHash ?? null,
    is_admin: account.isAdmin ? 1 : 0,
    created_at: now.toISOString(),
  };
}

/** An AccountStore over an open, migrated database. */
export function createAccountStore(db: Kysely<HubDatabase>): AccountStore {
  const byName = (name: string) => db.selectFrom("accounts").selectAll().where("name_key", "=", name.toLowerCase());
  const tokenQuery = () =>
    db
      .selectFrom("access_tokens as t")
      .innerJoin("accounts as a", "a.pk", "t.user_pk")
      .select(["t.pk", "a.name as user_name", "t.name", "t.role", "t.created_at", "t.expires_at"]);

  async function insertAccount(tx: Kysely<HubDatabase>, account: NewAccount, now: Date): Promise<Account> {
    const row = await tx
      .insertInto("accounts")
      .values(accountValues(account, now))
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new HubError("conflict", `the name "${account.name}" is already taken by a user or organization`);
    return toAccount(row);
  }

  return {
    async countUsers() {
      const row = await db
        .selectFrom("accounts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("kind", "=", "user")
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    createAccount: (account, now) => insertAccount(db, account, now),

    createFirstAdmin: (account, now) =>
      db.transaction().execute(async (tx) => {
        const existing = await tx.selectFrom("accounts").select("pk").where("kind", "=", "user").limit(1).execute();
        if (existing.length > 0) return null;
        // Two first-run forms may race (PostgreSQL runs them side by side): the second waits on this unique key,
        // then finds it taken.
        const claimed = await tx
          .insertInto("hub_meta")
          .values({ key: "first_admin", value: account.name })
          .onConflict((oc) => oc.column("key").doNothing())
          .returning("key")
          .executeTakeFirst();
        if (!claimed) return null;
        return insertAccount(tx, { ...account, kind: "user", isAdmin: true }, now);
      }),

    async getAccount(name) {
      const row = await byName(name).executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async getLogin(name) {
      const row = await byName(name).where("kind", "=", "user").executeTakeFirst();
      return row ? { user: toAccount(row), passwordHash: row.password_hash } : null;
    },

    async setPasswordHash(name, passwordHash) {
      const result = await db
        .updateTable("accounts")
        .set({ password_hash: passwordHash })
        .where("name_key", "=", name.toLowerCase())
        .where("kind", "=", "user")
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async listAccounts(kind) {
      const rows = await db.selectFrom("accounts").selectAll().where("kind", "=", kind).orderBy("name_key").execute();
      return rows.map(toAccount);
    },

    async setMember(orgPk, userPk, role) {
      await db
        .insertInto("org_members")
        .values({ org_pk: orgPk, user_pk: userPk, role })
        .onConflict((oc) => oc.columns(["org_pk", "user_pk"]).doUpdateSet({ role }))
        .execute();
    },

    async removeMember(orgPk, userPk) {
      const result = await db
        .deleteFrom("org_members")
        .where("org_pk", "=", orgPk)
        .where("user_pk", "=", userPk)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async membershipsOf(userPk) {
      const rows = await db
        .selectFrom("org_members as m")
        .innerJoin("accounts as a", "a.pk", "m.org_pk")
        .selectAll("a")
        .select("m.role")
        .where("m.user_pk", "=", userPk)
        .orderBy("a.name_key")
        .execute();
      return rows.map((row) => ({ org: toAccount(row), role: row.role as OrgRole }));
    },

    async membersOf(orgPk) {
      const rows = await db
        .selectFrom("org_members as m")
        .innerJoin("accounts as a", "a.pk", "m.user_pk")
        .selectAll("a")
        .select("m.role")
        .where("m.org_pk", "=", orgPk)
        .orderBy("a.name_key")
        .execute();
      return rows.map((row) => ({ user: toAccount(row), role: row.role as OrgRole }));
    },

    async createToken(token, now) {
      const row = await db
        .insertInto("access_tokens")
        .values({
          user_pk: token.userPk,
          name: token.name,
          token_hash: token.digest,
          role: token.role,
          created_at: now.toISOString(),
          expires_at: token.expiresAt,
        })
        .returning("pk")
        .executeTakeFirstOrThrow();
      return toToken((await tokenQuery().where("t.pk", "=", row.pk).executeTakeFirstOrThrow()) as TokenRow);
    },

    async findToken(digest) {
      const row = await db
        .selectFrom("access_tokens as t")
        .innerJoin("accounts as a", "a.pk", "t.user_pk")
        .selectAll("a")
        .select([
          "t.pk as token_pk",
          "t.name as token_name",
          "t.role as token_role",
          "t.created_at as token_created_at",
          "t.expires_at as token_expires_at",
        ])
        .where("t.token_hash", "=", digest)
        .executeTakeFirst();
      if (!row) return null;
      const user = toAccount(row);
      const token = toToken({
        pk: row.token_pk,
        user_name: row.name,
        name: row.token_name,
        role: row.token_role,
        created_at: row.token_created_at,
        expires_at: row.token_expires_at,
      });
      return { token, user };
    },

    async listTokens(userPk) {
      const rows = await tokenQuery().where("t.user_pk", "=", userPk).orderBy("t.pk", "desc").execute();
      return rows.map((row) => toToken(row as TokenRow));
    },

    async deleteToken(userPk, id) {
      const result = await db
        .deleteFrom("access_tokens")
        .where("pk", "=", id)
        .where("user_pk", "=", userPk)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async createSession(digest, userPk, csrfToken, expiresAt, now) {
      await db
        .insertInto("sessions")
        .values({
          token_hash: digest,
          user_pk: userPk,
          csrf_token: csrfToken,
          created_at: now.toISOString(),
          expires_at: expiresAt.toISOString(),
        })
        .execute();
    },

    async findSession(digest, now) {
      const row = await db
        .selectFrom("sessions as s")
        .innerJoin("accounts as a", "a.pk", "s.user_pk")
        .selectAll("a")
        .select(["s.csrf_token", "s.expires_at"])
        .where("s.token_hash", "=", digest)
        .where("s.expires_at", ">", now.toISOString())
        .executeTakeFirst();
      return row ? { user: toAccount(row), csrfToken: row.csrf_token, expiresAt: row.expires_at } : null;
    },

    async deleteSession(digest) {
      await db.deleteFrom("sessions").where("token_hash", "=", digest).execute();
    },
  };
}
