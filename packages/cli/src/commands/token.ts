// `modelhub token create|list|revoke`: access tokens (hf_…) of a user. The token is printed once, on stdout alone,
// so `TOKEN=$(modelhub token create --user alice --role write)` captures it.

import { parseTokenRole } from "@modelhub/server/storage";
import { parseCommand, usageError } from "../accounts/parse-command.js";
import { withAccounts } from "../accounts/with-accounts.js";

const HELP = `Usage: modelhub token create --user USER --role read|write [--name LABEL] [--expires-in-days N] [--db PATH]
       modelhub token list --user USER [--db PATH]
       modelhub token revoke ID --user USER [--db PATH]

A token works wherever the field's clients take one (HF_TOKEN, Authorization: Bearer, git's password). Only its
hash is stored: create prints it once. A read token never writes, whatever its user may do; a revoked or expired
token is refused at once.

Environment: DATABASE_URL (use PostgreSQL), MODELHUB_DATA_DIR.`;

const FLAGS = {
  user: { type: "string" },
  role: { type: "string" },
  name: { type: "string" },
  "expires-in-days": { type: "string" },
  db: { type: "string" },
} as const;

/** Runs `modelhub token`; returns the exit status. */
export async function tokenCommand(args: string[]): Promise<number> {
  const parsed = parseCommand("token", HELP, args, FLAGS);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  const [action, id, ...rest] = positionals;
  const db = values.db as string | undefined;
  const userName = values.user;
  if (typeof userName !== "string") return usageError("token", HELP, "--user USER is required");
  if (rest.length > 0) return usageError("token", HELP, `unexpected argument "${rest[0]}"`);
  if (action === "create") {
    if (typeof values.role !== "string") return usageError("token", HELP, "--role read|write is required");
    const daysText = values["expires-in-days"];
    const days = typeof daysText === "string" ? Number(daysText) : null;
    if (days !== null && !(Number.isInteger(days) && days >= 1 && days <= 3650)) {
      return usageError("token", HELP, "--expires-in-days must be a whole number from 1 to 3650");
    }
    const roleText = values.role;
    return withAccounts("token", db, async (service) => {
      const user = await service.findUser(userName);
      const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000);
      const label = typeof values.name === "string" ? values.name : `cli-${new Date().toISOString().slice(0, 10)}`;
      const issued = await service.issueToken(user, label, parseTokenRole(roleText), expiresAt);
      process.stdout.write(`${issued.token}\n`);
    });
  }
  if (action === "list") {
    return withAccounts("token", db, async (service, store) => {
      const user = await service.findUser(userName);
      for (const t of await store.accounts.listTokens(user.pk)) {
        process.stdout.write(
          `${t.id}\t${t.role}\t${t.name}\tcreated ${t.createdAt}\texpires ${t.expiresAt ?? "never"}\n`,
        );
      }
    });
  }
  if (action === "revoke" && id !== undefined && /^[0-9]{1,15}$/.test(id)) {
    return withAccounts("token", db, async (service, store) => {
      const user = await service.findUser(userName);
      if (!(await store.accounts.deleteToken(user.pk, Number(id)))) {
        process.stderr.write(`modelhub token: ${userName} has no token ${id}\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`token ${id} revoked\n`);
    });
  }
  return usageError("token", HELP, "expected create, list or revoke ID");
}
