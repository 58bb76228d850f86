import { getLocalApps, type LocalApps } from "../api/local-apps";
import { type Resource, useResource } from "./useResource";

/** The local apps of model `id` with their commands for `quant` (the hub's default pick when null). */
export function useLocalApps(id: string, quant: string | null): Resource<LocalApps> {
  return useResource(JSON.stringify([id, quant]), (signal) => getLocalApps(id, quant, signal));
}
