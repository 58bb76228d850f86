// js × fetch: one raw POST for a non-chat task.
import { jsStr, lines } from "../../../../code/index.js";
import type { ResponseSpec } from "../../../request.js";
import type { RequestContext } from "../../context.js";
import { jsBody, jsPath, jsReadFileB64 } from "../code.js";
import { postLines } from "./post.js";

/** The POST of the task's request, its response printed or saved. */
export function request(ctx: RequestContext): string {
  const { http } = ctx;
  const body = http.body;
  const file = body.kind === "json" ? body.file : null;
  const reads = body.kind === "file" || file !== null;
  const writes = http.response.kind !== "json";
  const fsNames = [reads && "readFile", writes && "writeFile"].filter((name): name is string => name !== false);
  return lines(
    fsNames.length > 0 && `import { ${fsNames.join(", ")} } from "node:fs/promises";`,
    fsNames.length > 0 && "",
    file && jsReadFileB64(file),
    file && "",
    ...postLines(
      ctx.target,
      http.url,
      body.kind === "file" ? body.contentType : "application/json",
      body.kind === "file" ? `await readFile(${jsStr(body.path)})` : `JSON.stringify(${jsBody(body, 1)})`,
      http.headers,
    ),
    ...readResponse(http.response),
  );
}

function readResponse(response: ResponseSpec): string[] {
  switch (response.kind) {
    case "json":
      return ["const result = await response.json();", `console.log(result${jsPath(response.path)});`];
    case "bytes":
      return [`await writeFile(${jsStr(response.file)}, Buffer.from(await response.arrayBuffer()));`];
    case "base64":
      return [
        "const result = await response.json();",
        `await writeFile(${jsStr(response.file)}, Buffer.from(result${jsPath(response.path)}, "base64"));`,
      ];
  }
}
