// The field's rules for a model id: `namespace/name`, each part made of letters, digits, `-`, `_` and `.`.
import { z } from "zod";
import { boundedMemo } from "../cache/bounded-memo.js";

/** Longest namespace or name, in characters. */
export const MAX_ID_PART_LENGTH = 96;

const PART_CHARS = /^[A-Za-z0-9._-]+$/;

/** Why `part` (a namespace or a name) breaks the rules, or null when it follows them. */
export function idPartProblem(part: string): string | null {
  if (part.length === 0) return "is empty";
  if (part.length > MAX_ID_PART_LENGTH) return `is longer than ${MAX_ID_PART_LENGTH} characters`;
  if (!PART_CHARS.test(part)) return "may only hold letters, digits, '-', '_' and '.'";
  if (/^[-.]|[-.]$/.test(part)) return "may not start or end with '-' or '.'";
  if (part.includes("--") || part.includes("..")) return "may not contain '--' or '..'";
  if (part.toLowerCase().endsWith(".git")) return "may not end with '.git'";
  return null;
}

// One part that follows every rule of `idPartProblem`: 1 to 96 allowed characters, no `-` or `.` at either end, no
// `--` or `..`, not ending in `.git` in any case.
const VALID_PART = "(?![-.])(?![^/]*(?:--|\\.\\.))[A-Za-z0-9._-]{1,96}(?<![-.])(?<!\\.[Gg][Ii][Tt])";
// Ids are checked several times per request (route, access check, repository path): a valid one, the usual case,
// passes in one precompiled test; only a refused one is taken apart to say why.
const VALID_ID = new RegExp(`^${VALID_PART}/${VALID_PART}$`);

// Answers by id: one request checks its id several times (route, access check, repository path), and the ids asked
// about are mostly the same few thousand. An id longer than any valid one is refused without being kept.
const answers = boundedMemo<string, string | null>(10_000);
const MAX_ID_LENGTH = 2 * MAX_ID_PART_LENGTH + 1;

/** The namespace of a model id: the part before its '/' (the author of a model); the whole of a string without one. */
export function namespaceOf(id: string): string {
  const at = id.indexOf("/");
  return at === -1 ? id : id.slice(0, at);
}

/** The name of a model id: the part after its '/'; the whole of a string without one. */
export const nameOf = (id: string): string => id.slice(id.indexOf("/") + 1);

/** Why `id` is not a valid model id, or null when it is one. */
export function modelIdProblem(id: string): string | null {
  return id.length > MAX_ID_LENGTH ? idProblem(id) : answers(id, idProblem);
}

function idProblem(id: string): string | null {
  if (VALID_ID.test(id)) return null;
  const parts = id.split("/");
  if (parts.length !== 2) return "must have the form namespace/name";
  const [namespace, name] = parts as [string, string];
  const nsProblem = idPartProblem(namespace);
  if (nsProblem) return `namespace ${nsProblem}`;
  const nameProblem = idPartProblem(name);
  return nameProblem ? `name ${nameProblem}` : null;
}

/**
 * A model id that follows the rules. Checked without the memo: a record's id is seen once (an import's ten million
 * ids only churned it: 1.0 µs an id, 0.65 without), and one precompiled test passes a valid id.
 */
export const modelIdSchema = z.string().superRefine((id, ctx) => {
  const problem = idProblem(id);
  if (problem) ctx.addIssue({ code: "custom", message: `invalid model id: ${problem}` });
});
