// The argument parsing shared by the account commands: flags by node:util, a usage error as exit status 2.
import { type ParseArgsConfig, parseArgs } from "node:util";

/** Parsed flags and positionals, or the exit status of a usage error (already printed). */
export function parseCommand<T extends NonNullable<ParseArgsConfig["options"]>>(
  command: string,
  help: string,
  args: string[],
  options: T,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } | number {
  try {
    const config = { args, options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true };
    const parsed = parseArgs(config as ParseArgsConfig) as {
      values: Record<string, string | boolean | undefined>;
      positionals: string[];
    };
    if (parsed.values.help) {
      process.stdout.write(`${help}\n`);
      return 0;
    }
    return parsed;
  } catch (error) {
    return usageError(command, help, (error as Error).message);
  }
}

/** Prints a usage error with the command's help; returns exit status 2. */
export function usageError(command: string, help: string, message: string): number {
  process.stderr.write(`modelhub ${command}: ${message}\n\n${help}\n`);
  return 2;
}
