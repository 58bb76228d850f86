// Python building blocks shared by the python templates.
import { INDENT, pyEnvHeaderValue, pyEnvVar, pyStr, pyValue } from "../../../code/index.js";
import type { FileRef, JsonBody, ResponsePath } from "../../request.js";
import type { CallTarget } from "../../target.js";
import { type BodyScalar, bodySegments } from "../body.js";

/** Name of the variable that holds a base64-encoded input file. */
export const PY_FILE_VAR = "file_b64";

/** `os.environ["HF_TOKEN"]`: the credential, read from the environment. */
export function pyEnv(target: CallTarget): string {
  return pyEnvVar(target.token);
}

/** The Authorization header value: `f"Bearer {os.environ['HF_TOKEN']}"` (single quotes keep pre-3.12 f-strings valid). */
export function pyAuthValue(target: CallTarget): string {
  return pyEnvHeaderValue(target.authScheme, target.token);
}

/** `callee(\n    arg,\n    …,\n)`; each argument is already indented for level 1. */
export function pyCall(callee: string, args: readonly string[]): string {
  if (args.length === 0) return `${callee}()`;
  return `${callee}(\n${args.map((arg) => `${INDENT}${arg},`).join("\n")}\n)`;
}

/** Code rendered for indent level 1, moved one level deeper. */
export function deeper(code: string): string {
  return code.replace(/\n/g, `\n${INDENT}`);
}

/** A dict literal at indent level 1 from `"key": value` entries (keys are ours, values already rendered for level 2). */
export function pyDict(entries: ReadonlyArray<readonly [string, string]>): string {
  return `{\n${entries.map(([key, value]) => `${INDENT}${INDENT}${pyStr(key)}: ${value},`).join("\n")}\n${INDENT}}`;
}

/** A JSON body as a Python expression; files become the base64 variable (or a data URL built from it). */
export function pyBody(body: JsonBody, level: number): string {
  // Without files the body is plain JSON: the escaping module renders it directly.
  if (body.file === null) return pyValue(body.value, level);
  return bodySegments(body.value, level, pyScalar)
    .map((segment) => (typeof segment === "string" ? segment : pyFileExpr(segment)))
    .join("");
}

/** Reads and base64-encodes the input file into PY_FILE_VAR. */
export function pyReadFileB64(file: FileRef): string {
  return `with open(${pyStr(file.path)}, "rb") as f:\n${INDENT}${PY_FILE_VAR} = base64.b64encode(f.read()).decode()`;
}

/** `["images"][0]["url"]`: subscripts of a response path. */
export function pyPath(path: ResponsePath): string {
  return path.map((key) => `[${typeof key === "number" ? key : pyStr(key)}]`).join("");
}

function pyFileExpr(file: FileRef): string {
  return file.dataUrl === null ? PY_FILE_VAR : `${pyStr(`data:${file.dataUrl};base64,`)} + ${PY_FILE_VAR}`;
}

function pyScalar(value: BodyScalar): string {
  return pyValue(value);
}
