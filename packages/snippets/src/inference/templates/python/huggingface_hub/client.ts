// The InferenceClient set-up shared by the huggingface_hub templates.
import { pyHeaderStr, pyStr } from "../../../../code/index.js";
import type { CallTarget } from "../../../target.js";
import { pyCall, pyEnv } from "../code.js";

/** Imports and `client = InferenceClient(...)`: a provider (the client routes or goes direct by the key) or an endpoint. */
export function clientSetup(target: CallTarget): string[] {
  const args =
    target.endpointUrl !== null
      ? [`base_url=${pyStr(target.endpointUrl)}`]
      : [`provider=${pyStr(target.requested === "auto" ? "auto" : target.provider)}`];
  args.push(`api_key=${pyEnv(target)}`);
  if (target.billTo !== null) args.push(`bill_to=${pyHeaderStr(target.billTo)}`);
  return [
    "import os",
    "from huggingface_hub import InferenceClient",
    "",
    `client = ${pyCall("InferenceClient", args)}`,
    "",
  ];
}
