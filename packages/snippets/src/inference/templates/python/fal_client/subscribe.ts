// python × fal_client: fal's own SDK, which always talks to fal with the fal key.
import { lines, pyStr } from "../../../../code/index.js";
import type { SubscribeContext } from "../../context.js";
import { pyBody, pyCall, pyEnv, pyPath, pyReadFileB64 } from "../code.js";

/** `subscribe` waits in fal's queue until the result is ready, then prints the interesting part. */
export function subscribe(ctx: SubscribeContext): string {
  const fal = ctx.fal;
  const file = fal.arguments.file;
  return lines(
    file && "import base64",
    "import os",
    "import fal_client",
    "",
    `client = fal_client.SyncClient(key=${pyEnv(ctx.target)})`,
    "",
    file && pyReadFileB64(file),
    file && "",
    `result = ${pyCall("client.subscribe", [pyStr(fal.model), `arguments=${pyBody(fal.arguments, 1)}`, "with_logs=True"])}`,
    "",
    `print(result${pyPath(fal.result)})`,
  );
}
