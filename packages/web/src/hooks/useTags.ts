import { type Counted, getTags } from "../api";
import { type Resource, useResource } from "./useResource";

/** The `limit` most used tags of the catalog. */
export function useTags(limit: number): Resource<Counted[]> {
  return useResource(`tags:${limit}`, (signal) => getTags(limit, signal));
}
