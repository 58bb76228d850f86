// Migration 0003: accounts, memberships, tokens, sessions, model redirects, and the `private` flag of models.
import type { Kysely, Migration } from "kysely";
import type { DialectAdapter } from "./dialect-adapter.js";

/** Creates the account tables and `models.private` (0 or 1, indexed: "which models are private" is asked often). */
export function accountsMigration(adapter: DialectAdapter): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("accounts")
        .addColumn("pk", adapter.sequenceKeyType, (c) => c.primaryKey())
        .addColumn("name", adapter.idColumnType, (c) => c.notNull().unique())
        .addColumn("name_key", adapter.idColumnType, (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("fullname", "text", (c) => c.notNull())
        .addColumn("password_hash", "text")
        .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("org_members")
        .addColumn("org_pk", "integer", (c) => c.notNull().references("accounts.pk").onDelete("cascade"))
        .addColumn("user_pk", "integer", (c) => c.notNull().references("accounts.pk").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("org_members_pkey", ["org_pk", "user_pk"])
        .execute();
      await db.schema.createIndex("org_members_by_user").on("org_members").column("user_pk").execute();
      await db.schema
        .createTable("access_tokens")
        .addColumn("pk", adapter.sequenceKeyType, (c) => c.primaryKey())
        .addColumn("user_pk", "integer", (c) => c.notNull().references("accounts.pk").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text")
        .execute();
      await db.schema.createIndex("access_tokens_by_user").on("access_tokens").column("user_pk").execute();
      await db.schema
        .createTable("sessions")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_pk", "integer", (c) => c.notNull().references("accounts.pk").onDelete("cascade"))
        .addColumn("csrf_token", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("model_redirects")
        .addColumn("from_id", adapter.idColumnType, (c) => c.primaryKey())
        .addColumn("to_id", adapter.idColumnType, (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable("models")
        .addColumn("private", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("models_by_private").on("models").columns(["private", "author"]).execute();
    },
  };
}
