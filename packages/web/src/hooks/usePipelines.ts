import { type Counted, getPipelines } from "../api";
import { type Resource, useResource } from "./useResource";

/** The tasks of the catalog, with their model counts. */
export function usePipelines(): Resource<Counted[]> {
  return useResource("pipelines", getPipelines);
}
