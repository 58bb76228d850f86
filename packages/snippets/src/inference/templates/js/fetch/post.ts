// The `fetch` POST shared by the fetch templates.
import { headerName, jsHeaderStr, jsStr } from "../../../../code/index.js";
import type { CallTarget } from "../../../target.js";
import { jsAuthValue, jsObject } from "../code.js";

/** `const response = await fetch(url, {...});` plus the status check. */
export function postLines(
  target: CallTarget,
  url: string,
  contentType: string,
  body: string,
  extra: ReadonlyArray<readonly [string, string]> = [],
): string[] {
  const headers: Array<[string, string]> = [
    ["Authorization", jsAuthValue(target)],
    ["Content-Type", jsHeaderStr(contentType)],
  ];
  if (target.billTo !== null) headers.push(["X-HF-Bill-To", jsHeaderStr(target.billTo)]);
  for (const [name, value] of extra) headers.push([headerName(name), jsHeaderStr(value)]);
  const init = jsObject([
    ["method", '"POST"'],
    ["headers", jsObject(headers, 1)],
    ["body", body],
  ]);
  return [
    `const response = await fetch(${jsStr(url)}, ${init});`,
    "if (!response.ok) {",
    "    throw new Error(`Request failed: ${response.status} ${await response.text()}`);",
    "}",
  ];
}
