// The modelhub command: one subcommand per file under commands/.
import { importCommand } from "./commands/import.js";
import { orgCommand } from "./commands/org.js";
import { serveCommand } from "./commands/serve.js";
import { snippetsCommand } from "./commands/snippets.js";
import { tokenCommand } from "./commands/token.js";
import { userCommand } from "./commands/user.js";

/** A subcommand: gets its arguments, returns the exit code. */
export type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  snippets: { run: snippetsCommand, summary: "print the library and inference snippets of a model record (JSON)" },
  serve: { run: serveCommand, summary: "start the hub (HTTP API and web app)" },
  import: { run: importCommand, summary: "import model records (JSON Lines) or a model folder" },
  user: { run: userCommand, summary: "create and list users (the first one: --admin)" },
  org: { run: orgCommand, summary: "create organizations and set their members' roles" },
  token: { run: tokenCommand, summary: "create, list and revoke a user's access tokens (hf_…)" },
};

/** The usage text of `modelhub`. */
export function usage(): string {
  const rows = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return [
    "Usage: modelhub <command> [options]",
    "",
    "Commands:",
    ...rows,
    "",
    "Run `modelhub <command> --help` for a command's options.",
  ].join("\n");
}

/** Runs the command line and returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`modelhub: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  return command.run(rest);
}
