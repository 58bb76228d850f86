// sh × curl: one raw POST for a non-chat task.
import { lines, shComment, shQuote } from "../../../../code/index.js";
import type { RequestContext } from "../../context.js";
import { curl, shBody, shHeaders, shReadFileB64 } from "../code.js";

/**
 * The POST of the task's request; media responses go to a file, JSON is printed. A JSON body that holds
 * a file goes through stdin (`printf` is a builtin): one argument is capped at 128 KiB on Linux.
 */
export function request(ctx: RequestContext): string {
  const { http } = ctx;
  const body = http.body;
  const file = body.kind === "json" ? body.file : null;
  const options = [
    ...shHeaders(ctx.target, body.kind === "file" ? body.contentType : "application/json", http.headers),
    body.kind === "file"
      ? `--data-binary ${shQuote(`@${body.path}`)}`
      : file
        ? "--data-binary @-"
        : `-d ${shBody(body)}`,
  ];
  if (http.response.kind === "bytes") options.push(`-o ${shQuote(http.response.file)}`);
  const command = curl(http.url, options);
  return lines(
    http.response.kind === "base64" && shComment(`The result is base64-encoded in ${http.response.path.join(".")}.`),
    file && shReadFileB64(file),
    file && body.kind === "json" ? `printf '%s' ${shBody(body)} | ${command}` : command,
  );
}
