// JavaScript building blocks shared by the js templates.
import { INDENT, isJsIdentifier, jsEnvHeaderValue, jsEnvVar, jsStr, jsValue } from "../../../code/index.js";
import type { FileRef, JsonBody, ResponsePath } from "../../request.js";
import type { CallTarget } from "../../target.js";
import { type BodyScalar, bodySegments } from "../body.js";

/** Name of the variable that holds a base64-encoded input file. */
export const JS_FILE_VAR = "fileB64";

/** `process.env.HF_TOKEN`: the credential, read from the environment. */
export function jsEnv(target: CallTarget): string {
  return jsEnvVar(target.token);
}

/** The Authorization header value as a template literal over the environment variable. */
export function jsAuthValue(target: CallTarget): string {
  return jsEnvHeaderValue(target.authScheme, target.token);
}

/**
 * An object literal from already-rendered `key: value` pairs; values are rendered for `level + 1`.
 * `quoted` writes every key as a string, as JSON bodies show them.
 */
export function jsObject(entries: ReadonlyArray<readonly [string, string]>, level = 0, quoted = false): string {
  if (entries.length === 0) return "{}";
  const pad = INDENT.repeat(level);
  const key = quoted ? jsStr : jsKey;
  return `{\n${entries.map(([name, value]) => `${pad}${INDENT}${key(name)}: ${value},`).join("\n")}\n${pad}}`;
}

/** Code rendered for indent level 1, moved one level deeper. */
export function deeper(code: string): string {
  return code.replace(/\n/g, `\n${INDENT}`);
}

/** A property name: bare when it is an identifier, else a string literal. */
export function jsKey(key: string): string {
  return isJsIdentifier(key) ? key : jsStr(key);
}

/** `callee({...})` for one object argument, else one argument per line. */
export function jsCall(callee: string, args: readonly string[]): string {
  if (args.length === 1) return `${callee}(${args[0]})`;
  return `${callee}(\n${args.map((arg) => `${INDENT}${arg.replace(/\n/g, `\n${INDENT}`)},`).join("\n")}\n)`;
}

/** A JSON body as a JS expression; files become the base64 variable (or a data URL built from it). */
export function jsBody(body: JsonBody, level: number): string {
  // Without files the body is plain JSON: the escaping module renders it directly.
  if (body.file === null) return jsValue(body.value, level);
  return bodySegments(body.value, level, jsScalar)
    .map((segment) => (typeof segment === "string" ? segment : jsFileExpr(segment)))
    .join("");
}

/** Reads and base64-encodes the input file into JS_FILE_VAR. */
export function jsReadFileB64(file: FileRef): string {
  return `const ${JS_FILE_VAR} = (await readFile(${jsStr(file.path)})).toString("base64");`;
}

/** `.images[0].url`: property accesses of a response path. */
export function jsPath(path: ResponsePath): string {
  return path
    .map((key) => (typeof key === "number" ? `[${key}]` : isJsIdentifier(key) ? `.${key}` : `[${jsStr(key)}]`))
    .join("");
}

function jsFileExpr(file: FileRef): string {
  return file.dataUrl === null ? JS_FILE_VAR : `${jsStr(`data:${file.dataUrl};base64,`)} + ${JS_FILE_VAR}`;
}

function jsScalar(value: BodyScalar): string {
  return typeof value === "string" ? jsStr(value) : String(value);
}
