// The credentials of a run: every placeholder variable of spec §6 gets a distinct value naming the run and itself,
// so the stand-in can tell which run sent a request and whether the snippet read the right variable.
import { keyVariable, PROVIDER_APIS } from "./stand-in/apis.js";

/** The variables a snippet may read its credential from. */
export const TOKEN_VARIABLES: readonly string[] = [
  "HF_TOKEN",
  "API_TOKEN",
  ...Object.keys(PROVIDER_APIS).map(keyVariable),
];

/** The value of `variable` for run `run`. HF tokens start with `hf_`, as the hub clients expect to route. */
export function tokenValue(variable: string, run: number): string {
  return variable === "HF_TOKEN" ? `hf_snippetrun${run}x${variable}` : `snippetrun${run}x${variable}`;
}

/** Every credential variable of a run, to put in its environment. */
export function tokenEnv(run: number): Record<string, string> {
  return Object.fromEntries(TOKEN_VARIABLES.map((variable) => [variable, tokenValue(variable, run)]));
}

/** The run and the variable a token value came from, or null for a value no run was given. */
export function parseToken(value: string): { run: number; variable: string } | null {
  const match = /^(?:hf_)?snippetrun(\d+)x([A-Z_]+)$/.exec(value);
  if (!match) return null;
  const variable = match[2]!;
  if (!TOKEN_VARIABLES.includes(variable) || tokenValue(variable, Number(match[1])) !== value) return null;
  return { run: Number(match[1]), variable };
}
