// The `headers` dict of the requests templates.
import { headerName, pyHeaderStr, pyStr } from "../../../../code/index.js";
import type { CallTarget } from "../../../target.js";
import { pyAuthValue } from "../code.js";

/** `headers = {...}`: Authorization, Content-Type, the billing header and any provider header. */
export function headerLines(
  target: CallTarget,
  contentType: string,
  extra: ReadonlyArray<readonly [string, string]> = [],
): string[] {
  const entries = [`    "Authorization": ${pyAuthValue(target)},`, `    "Content-Type": ${pyHeaderStr(contentType)},`];
  if (target.billTo !== null) entries.push(`    "X-HF-Bill-To": ${pyHeaderStr(target.billTo)},`);
  for (const [name, value] of extra) entries.push(`    ${pyStr(headerName(name))}: ${pyHeaderStr(value)},`);
  return ["headers = {", ...entries, "}"];
}
