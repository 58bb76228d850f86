// sh × curl: one raw POST for a non-chat task.
import { lines, shComment, shQuote } from "../../../../code/index.js";
import { findFile } from "../../body.js";
import type { RequestContext } from "../../context.js";
import { curl, shBody, shHeaders, shReadFileB64 } from "../code.js";

/** The POST of the task's request; media responses go to a file, JSON is printed. */
export function request(ctx: RequestContext): string {
  const { http } = ctx;
  const body = http.body;
  const file = body.kind === "json" ? findFile(body.value) : null;
  const options = [
    ...shHeaders(ctx.target, body.kind === "file" ? body.contentType : "application/json", http.headers),
    body.kind === "file" ? `--data-binary ${shQuote(`@${body.path}`)}` : `-d ${shBody(body.value)}`,
  ];
  if (http.response.kind === "bytes") options.push(`-o ${shQuote(http.response.file)}`);
  return lines(
    http.response.kind === "base64" && shComment(`The result is base64-encoded in ${http.response.path.join(".")}.`),
    file && shReadFileB64(file),
    curl(http.url, options),
  );
}
