// Shell building blocks shared by the curl templates.
import { INDENT, jsStr, shEnvHeader, shHeader, shQuote, toJson } from "../../../code/index.js";
import type { FileRef, JsonBody } from "../../request.js";
import type { CallTarget } from "../../target.js";
import { type BodyScalar, bodySegments } from "../body.js";

/** Name of the shell variable that holds a base64-encoded input file. */
export const SH_FILE_VAR = "FILE_B64";

/** `-H "Authorization: Bearer $HF_TOKEN"`: the variable expands inside double quotes. */
export function shAuthHeader(target: CallTarget): string {
  return shEnvHeader("Authorization", target.authScheme, target.token);
}

/** The `-H` options: Authorization, Content-Type, the billing header and any provider header. */
export function shHeaders(
  target: CallTarget,
  contentType: string,
  extra: ReadonlyArray<readonly [string, string]> = [],
): string[] {
  const headers = [shAuthHeader(target), shHeader("Content-Type", contentType)];
  if (target.billTo !== null) headers.push(shHeader("X-HF-Bill-To", target.billTo));
  for (const [name, value] of extra) headers.push(shHeader(name, value));
  return headers;
}

/** `curl URL \` followed by one option per continued line. */
export function curl(url: string, options: readonly string[]): string {
  return [`curl ${shQuote(url)}`, ...options].join(` \\\n${INDENT}`);
}

/**
 * A JSON body as one shell word: single-quoted JSON, with each file spliced in as `"$FILE_B64"`
 * (inside the JSON string it belongs to), so the word stays one argument whatever the values hold.
 */
export function shBody(body: JsonBody): string {
  if (body.file === null) return shQuote(toJson(body.value));
  let word = "";
  let literal = "";
  for (const segment of bodySegments(body.value, 0, jsonScalar)) {
    if (typeof segment === "string") {
      literal += segment;
      continue;
    }
    word += shQuote(`${literal}"${segment.dataUrl === null ? "" : `data:${segment.dataUrl};base64,`}`);
    word += `"$${SH_FILE_VAR}"`;
    literal = '"';
  }
  return word + shQuote(literal);
}

/** Reads and base64-encodes the input file into SH_FILE_VAR (`tr` drops the line breaks some `base64`s add). */
export function shReadFileB64(file: FileRef): string {
  return `${SH_FILE_VAR}="$(base64 < ${shQuote(file.path)} | tr -d '\\n')"`;
}

function jsonScalar(value: BodyScalar): string {
  // jsStr is JSON.stringify plus escapes that JSON also accepts.
  return typeof value === "string" ? jsStr(value) : JSON.stringify(value);
}
