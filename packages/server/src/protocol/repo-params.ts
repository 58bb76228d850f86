// The model a git or LFS URL names: `/{namespace}/{name}` or `/{namespace}/{name}.git`, as the field accepts both.
// Model names may not end in `.git` (validation/model-id.ts), so stripping it is unambiguous.
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";

/** The model id a repository URL names; a 400 when it breaks the id rules. */
export function modelIdFromRepoParams(params: ModelIdParams): string {
  const name = params.name.toLowerCase().endsWith(".git") ? params.name.slice(0, -4) : params.name;
  return modelIdFromParams({ namespace: params.namespace, name });
}
