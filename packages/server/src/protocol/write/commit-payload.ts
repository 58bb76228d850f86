// The field's NDJSON commit body (huggingface_hub's `_prepare_commit_payload`): a header line with the summary,
// description and parentCommit, then one line per operation: `file` (base64 content), `lfsFile` (an uploaded
// object by sha256), `deletedFile`, `deletedFolder`. Parsed whole before anything is written; the first bad line is
// a 400 naming it.
import { z } from "zod";
import { HubError } from "../../errors.js";
import { parseRepoPath } from "../../files/paths.js";

/** Most operations one commit may carry. */
export const MAX_COMMIT_OPERATIONS = 10_000;

/** One operation of a commit, checked. */
export type CommitOperation =
  | { kind: "file"; path: string; content: Buffer }
  | { kind: "lfsFile"; path: string; oid: string; size: number | null }
  | { kind: "deletedFile"; path: string }
  | { kind: "deletedFolder"; path: string };

/** A parsed commit body. */
export interface CommitPayload {
  /** First line of the message. */
  summary: string;
  /** The rest of the message. */
  description: string;
  /** The head the client based its changes on (40 hex), or null. */
  parentCommit: string | null;
  /** The operations, in order. */
  operations: CommitOperation[];
}

const path = z.string().min(1).max(1000);
const HEADER = z.looseObject({
  summary: z.string().trim().min(1, "the commit summary is empty").max(1000),
  description: z.string().max(100_000).optional(),
  parentCommit: z
    .string()
    .regex(/^[0-9a-f]{40}$/, "must be a 40-hex commit id")
    .optional(),
});
const LINE = z.discriminatedUnion("key", [
  z.strictObject({ key: z.literal("header"), value: HEADER }),
  z.strictObject({
    key: z.literal("file"),
    value: z.looseObject({ path, content: z.string(), encoding: z.literal("base64").optional() }),
  }),
  z.strictObject({
    key: z.literal("lfsFile"),
    value: z.looseObject({
      path,
      algo: z.literal("sha256").optional(),
      oid: z.string().regex(/^[0-9a-f]{64}$/, "must be a sha256 (64 lowercase hex digits)"),
      size: z.number().int().nonnegative().optional(),
    }),
  }),
  z.strictObject({ key: z.literal("deletedFile"), value: z.looseObject({ path }) }),
  z.strictObject({ key: z.literal("deletedFolder"), value: z.looseObject({ path }) }),
]);

// A repository path the commit may write: the path rules of every upload, and nothing inside `.git`.
function commitPath(raw: string, folder: boolean): string {
  const trimmed = folder ? raw.replace(/\/+$/, "") : raw;
  const checked = parseRepoPath(trimmed);
  if (checked.split("/").some((segment) => segment.toLowerCase() === ".git")) {
    throw new HubError("bad_request", `invalid file path "${raw}": may not be inside .git`);
  }
  return checked;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function bad(line: number, message: string): HubError {
  return new HubError("bad_request", `commit line ${line}: ${message}`);
}

/** The commit in `body` (NDJSON text); a 400 naming the first bad line. `maxFileBytes` bounds each base64 file. */
export function parseCommitPayload(body: string, maxFileBytes: number): CommitPayload {
  const lines = body.split("\n").filter((l) => l.trim() !== "");
  if (lines.length === 0) throw new HubError("bad_request", "the commit body is empty");
  if (lines.length - 1 > MAX_COMMIT_OPERATIONS) {
    throw new HubError("bad_request", `a commit holds at most ${MAX_COMMIT_OPERATIONS} operations`);
  }
  let header: z.infer<typeof HEADER> | null = null;
  const operations: CommitOperation[] = [];
  lines.forEach((text, index) => {
    const n = index + 1;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw bad(n, "is not JSON");
    }
    const parsed = LINE.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw bad(n, `${issue?.path.join(".") || "line"}: ${issue?.message ?? "invalid"}`);
    }
    const line = parsed.data;
    if ((line.key === "header") !== (n === 1)) throw bad(n, "the header must be the first line, and only it");
    try {
      switch (line.key) {
        case "header":
          header = line.value;
          return;
        case "file": {
          if (!BASE64.test(line.value.content)) throw bad(n, "content is not base64");
          if ((line.value.content.length / 4) * 3 > maxFileBytes + 3) {
            throw new HubError("payload_too_large", `commit line ${n}: file is larger than ${maxFileBytes} bytes`);
          }
          operations.push({
            kind: "file",
            path: commitPath(line.value.path, false),
            content: Buffer.from(line.value.content, "base64"),
          });
          return;
        }
        case "lfsFile":
          operations.push({
            kind: "lfsFile",
            path: commitPath(line.value.path, false),
            oid: line.value.oid,
            size: line.value.size ?? null,
          });
          return;
        case "deletedFile":
          operations.push({ kind: "deletedFile", path: commitPath(line.value.path, false) });
          return;
        case "deletedFolder":
          operations.push({ kind: "deletedFolder", path: commitPath(line.value.path, true) });
          return;
      }
    } catch (error) {
      if (error instanceof HubError && !error.message.startsWith("commit line")) throw bad(n, error.message);
      throw error;
    }
  });
  const head = header as z.infer<typeof HEADER> | null;
  if (!head) throw new HubError("bad_request", "commit line 1: the header is missing");
  return {
    summary: head.summary.trim(),
    description: head.description ?? "",
    parentCommit: head.parentCommit ?? null,
    operations,
  };
}
