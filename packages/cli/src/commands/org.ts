// `modelhub org create|add-member|remove-member|members`: organisations and their members' roles.

import { parseOrgRole } from "@modelhub/server/storage";
import { parseCommand, usageError } from "../accounts/parse-command.js";
import { withAccounts } from "../accounts/with-accounts.js";

const HELP = `Usage: modelhub org create ORG [--fullname TEXT] [--db PATH]
       modelhub org add-member ORG USER --role read|write|admin [--db PATH]
       modelhub org remove-member ORG USER [--db PATH]
       modelhub org members ORG [--db PATH]

An organisation owns the namespace of its name. Members see its private models; write members upload and
create models in it; admins also delete, move and change visibility, and manage members.

Environment: DATABASE_URL (use PostgreSQL), MODELHUB_DATA_DIR.`;

const FLAGS = { fullname: { type: "string" }, role: { type: "string" }, db: { type: "string" } } as const;

/** Runs `modelhub org`; returns the exit status. */
export async function orgCommand(args: string[]): Promise<number> {
  const parsed = parseCommand("org", HELP, args, FLAGS);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  const [action, org, user, ...rest] = positionals;
  const db = values.db as string | undefined;
  if (org === undefined || rest.length > 0) return usageError("org", HELP, "expected an action and an ORG");
  switch (action) {
    case "create":
      return withAccounts("org", db, async (service) => {
        const created = await service.createOrg(org, values.fullname as string | undefined, null);
        process.stdout.write(`organization ${created.name} created\n`);
      });
    case "add-member": {
      if (user === undefined || typeof values.role !== "string") {
        return usageError("org", HELP, "add-member needs ORG USER --role read|write|admin");
      }
      const roleText = values.role;
      return withAccounts("org", db, async (service) => {
        await service.setMember(org, user, parseOrgRole(roleText));
        process.stdout.write(`${user} is now ${roleText} in ${org}\n`);
      });
    }
    case "remove-member":
      if (user === undefined) return usageError("org", HELP, "remove-member needs ORG USER");
      return withAccounts("org", db, async (service) => {
        await service.removeMember(org, user);
        process.stdout.write(`${user} removed from ${org}\n`);
      });
    case "members":
      return withAccounts("org", db, async (service) => {
        for (const m of await service.membersOf(await service.findOrg(org))) {
          process.stdout.write(`${m.user.name}\t${m.role}\n`);
        }
      });
    default:
      return usageError("org", HELP, "expected create, add-member, remove-member or members");
  }
}
