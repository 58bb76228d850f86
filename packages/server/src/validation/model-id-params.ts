import { HubError } from "../errors.js";
import { modelIdProblem } from "./model-id.js";

/** The route parameters of `/api/models/:namespace/:name…`. */
export interface ModelIdParams {
  /** The namespace. */
  namespace: string;
  /** The name. */
  name: string;
}

/** The model id named by the route; a 400 when it breaks the id rules. */
export function modelIdFromParams(params: ModelIdParams): string {
  const id = `${params.namespace}/${params.name}`;
  const problem = modelIdProblem(id);
  if (problem) throw new HubError("bad_request", `invalid model id "${id}": ${problem}`);
  return id;
}
