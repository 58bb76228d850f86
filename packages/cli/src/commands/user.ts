// `modelhub user create|list|set-password`: the hub's users, written straight into its database.
import { parseCommand, usageError } from "../accounts/parse-command.js";
import { readStdinLine, withAccounts } from "../accounts/with-accounts.js";

const HELP = `Usage: modelhub user create NAME --password-stdin [--fullname TEXT] [--admin] [--db PATH]
       modelhub user set-password NAME --password-stdin [--db PATH]
       modelhub user list [--db PATH]

Users sign in to the web app and own the namespace of their name; --admin makes a hub administrator (sees and
changes every model). The password is read from stdin (at least 8 characters), so it never appears in the process
list:  echo 'a long passphrase' | modelhub user create alice --password-stdin --admin

Options:
  --password-stdin   read the password from the first line of stdin
  --fullname TEXT    display name
  --admin            hub administrator
  --db PATH          SQLite file (default: $MODELHUB_DATA_DIR/modelhub.db)

Environment: DATABASE_URL (use PostgreSQL), MODELHUB_DATA_DIR.`;

const FLAGS = {
  "password-stdin": { type: "boolean" },
  fullname: { type: "string" },
  admin: { type: "boolean" },
  db: { type: "string" },
} as const;

/** Runs `modelhub user`; returns the exit status. */
export async function userCommand(args: string[]): Promise<number> {
  const parsed = parseCommand("user", HELP, args, FLAGS);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  const [action, name, ...rest] = positionals;
  const db = values.db as string | undefined;
  if (rest.length > 0) return usageError("user", HELP, `unexpected argument "${rest[0]}"`);
  if (action === "list") {
    return withAccounts("user", db, async (_service, store) => {
      for (const user of await store.accounts.listAccounts("user")) {
        process.stdout.write(`${user.name}${user.isAdmin ? "\t(admin)" : ""}\n`);
      }
    });
  }
  if ((action !== "create" && action !== "set-password") || name === undefined) {
    return usageError("user", HELP, "expected: create NAME, set-password NAME or list");
  }
  if (!values["password-stdin"]) return usageError("user", HELP, "give the password on stdin with --password-stdin");
  const password = await readStdinLine();
  return withAccounts("user", db, async (service) => {
    if (action === "set-password") {
      await service.setPassword(name, password);
      process.stdout.write(`password of ${name} changed\n`);
      return;
    }
    const user = await service.createUser({
      name,
      password,
      isAdmin: values.admin === true,
      ...(typeof values.fullname === "string" ? { fullname: values.fullname } : {}),
    });
    process.stdout.write(`user ${user.name} created${user.isAdmin ? " (administrator)" : ""}\n`);
  });
}
