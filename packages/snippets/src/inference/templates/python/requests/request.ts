// python × requests: one raw POST for a non-chat task.
import { lines, pyStr } from "../../../../code/index.js";
import type { ResponseSpec } from "../../../request.js";
import type { RequestContext } from "../../context.js";
import { pyBody, pyCall, pyPath, pyReadFileB64 } from "../code.js";
import { headerLines } from "./headers.js";

/** The POST of the task's request, its response printed or saved. */
export function request(ctx: RequestContext): string {
  const { http } = ctx;
  const body = http.body;
  const file = body.kind === "json" ? body.file : null;
  const needsBase64 = file !== null || http.response.kind === "base64";
  const url = pyStr(http.url);
  return lines(
    needsBase64 && "import base64",
    "import os",
    "import requests",
    "",
    ...headerLines(ctx.target, body.kind === "file" ? body.contentType : "application/json", http.headers),
    "",
    ...(body.kind === "file"
      ? [
          `with open(${pyStr(body.path)}, "rb") as f:`,
          "    data = f.read()",
          "",
          `response = ${pyCall("requests.post", [url, "headers=headers", "data=data"])}`,
        ]
      : [
          ...(file ? [pyReadFileB64(file), ""] : []),
          `response = ${pyCall("requests.post", [url, "headers=headers", `json=${pyBody(body, 1)}`])}`,
        ]),
    "response.raise_for_status()",
    ...readResponse(http.response),
  );
}

function readResponse(response: ResponseSpec): string[] {
  switch (response.kind) {
    case "json":
      return [`print(response.json()${pyPath(response.path)})`];
    case "bytes":
      return [`with open(${pyStr(response.file)}, "wb") as f:`, "    f.write(response.content)"];
    case "base64":
      return [
        `with open(${pyStr(response.file)}, "wb") as f:`,
        `    f.write(base64.b64decode(response.json()${pyPath(response.path)}))`,
      ];
  }
}
