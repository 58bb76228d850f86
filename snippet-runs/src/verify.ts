// Whether a run passed: it ended cleanly, sent at least one request, the stand-in found nothing wrong with any of
// them, and the snippet's own reading code showed the answer (printed it, or saved the file).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FLAC_OUT, INPUT_FILES, MP4_OUT, PNG } from "./media.js";
import type { JobResult } from "./pool.js";
import type { RecordedRequest } from "./run-spec.js";
import { CHAT_REPLY } from "./stand-in/chat.js";
import { MARKER, NUMBER_MARKER } from "./stand-in/hf-tasks.js";

/** The failures of one run (empty when it passed). */
export function runFailures(
  run: number,
  task: string,
  result: JobResult,
  requests: readonly RecordedRequest[],
  cwd: string,
): string[] {
  const failures: string[] = [];
  if (result.error !== null) failures.push(`it failed: ${errorSummary(result.error)}`);
  if (requests.length === 0) failures.push("it sent no request to the stand-in");
  for (const request of requests) {
    for (const violation of request.violations) failures.push(`${request.method} ${request.url}: ${violation}`);
  }
  if (failures.length === 0 && !showsAnswer(run, task, result.output, cwd)) {
    failures.push(`its output does not show the answer: ${JSON.stringify(result.output.slice(0, 300))}`);
  }
  return failures;
}

function showsAnswer(run: number, task: string, output: string, cwd: string): boolean {
  const text = `${output}\n${streamedText(output)}`;
  if (task === "conversational") return text.includes(CHAT_REPLY);
  // A marker of the JSON answers, a generated file's URL, or the base64 image a raw call prints as it came.
  const shown = [MARKER, String(NUMBER_MARKER), `/r${run}/`, PNG.toString("base64")];
  if (shown.some((mark) => text.includes(mark))) return true;
  return savedFiles(cwd).some(isGeneratedMedia);
}

// Raw event streams (curl prints them as they come): the concatenated `delta.content` of their `data:` lines.
function streamedText(output: string): string {
  let text = "";
  for (const line of output.split("\n")) {
    const data = /^data:\s*(\{.*\})\s*$/.exec(line)?.[1];
    if (!data) continue;
    try {
      text +=
        (JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content ?? "";
    } catch {
      // Not JSON: not a chunk.
    }
  }
  return text;
}

function savedFiles(cwd: string): Buffer[] {
  return readdirSync(cwd)
    .filter((name) => !(name in INPUT_FILES) && !name.startsWith("snippet."))
    .map((name) => readFileSync(join(cwd, name)));
}

// Images may be re-encoded by the client (PIL); audio and video must be the bytes served.
function isGeneratedMedia(content: Buffer): boolean {
  return content.subarray(0, 8).equals(PNG.subarray(0, 8)) || content.equals(FLAC_OUT) || content.equals(MP4_OUT);
}

// A stack trace's message lines: the first lines for JS (message first), the last for Python (message last).
function errorSummary(error: string): string {
  const lines = error
    .trim()
    .split("\n")
    .filter((line) => !/^\s+at /.test(line));
  return (lines.length > 3 ? [lines[0], "…", ...lines.slice(-2)] : lines).join(" | ");
}
