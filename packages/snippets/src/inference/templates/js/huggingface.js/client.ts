// The InferenceClient set-up and call shape shared by the huggingface.js templates.
import { jsHeaderStr, jsStr } from "../../../../code/index.js";
import type { CallTarget } from "../../../target.js";
import { jsCall, jsEnv, jsObject } from "../code.js";

/** Import lines plus `const client = …`: the client, bound to the endpoint when there is one. */
export function clientSetup(target: CallTarget, extraImports: readonly string[] = []): string[] {
  const client = `new InferenceClient(${jsEnv(target)})`;
  return [
    'import { InferenceClient } from "@huggingface/inference";',
    ...extraImports,
    "",
    `const client = ${target.endpointUrl === null ? client : `${client}.endpoint(${jsStr(target.endpointUrl)})`};`,
    "",
  ];
}

/** `provider` and `model` entries of a call (none for an endpoint, which is bound to one model). */
export function routeArgs(target: CallTarget, withModel: boolean): Array<[string, string]> {
  if (target.endpointUrl !== null) return withModel ? [["model", jsStr(target.hubModel)]] : [];
  return [
    ["provider", jsStr(target.requested === "auto" ? "auto" : target.provider)],
    ["model", jsStr(target.hubModel)],
  ];
}

/** `client.method({...})`, with the billing option as the second argument when set. */
export function clientCall(target: CallTarget, method: string, args: ReadonlyArray<readonly [string, string]>): string {
  const callee = `client.${method}`;
  if (target.billTo === null) return jsCall(callee, [jsObject(args)]);
  return jsCall(callee, [jsObject(args), `{ billTo: ${jsHeaderStr(target.billTo)} }`]);
}
