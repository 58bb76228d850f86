// Requests naming a moved model's old id are sent on to its new id, as the field does: 307 (the method and body
// are kept, so a commit or an LFS batch follows too) with a relative Location, which huggingface_hub follows even
// for the HEAD of a download (it follows relative redirects only, to stay off CDNs) and git follows on `info/refs`.
// Only a caller who may see the model is sent on: to anyone else the old id is as missing as the new one.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Store } from "../store/store.js";
import { canRead } from "./access.js";

/**
 * `url` (path and query) with the model id at the route's `:namespace/:name` segments replaced by `to`, keeping
 * what follows `name` in its segment (`.git`); null when the pattern names no model.
 */
export function movedUrl(url: string, pattern: string, name: string, to: string): string | null {
  const at = pattern.split("/").indexOf(":namespace");
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  const segments = path.split("/");
  const nameSegment = segments[at + 1];
  if (at < 0 || nameSegment === undefined) return null;
  const [namespace, newName] = to.split("/") as [string, string];
  // Ids hold only URL-safe characters, so the name's length in the path is its length in the parameter.
  segments.splice(at, 2, namespace, `${newName}${nameSegment.slice(name.length)}`);
  return segments.join("/") + (query === -1 ? "" : url.slice(query));
}

/** The id model `id` moved to, when it was moved and the caller may see it there; null otherwise. */
export async function visibleRedirect(
  store: Pick<Store, "getModel" | "redirectOf">,
  request: FastifyRequest,
  id: string,
): Promise<string | null> {
  if (await store.getModel(id)) return null;
  const to = await store.redirectOf(id);
  const model = to === null ? null : await store.getModel(to);
  return model && canRead(request.principal, model) ? model.id : null;
}

/** Answers 307 to the same route on the model's new id when `id` is an old id the caller may follow; true if so. */
export async function redirectIfMoved(
  store: Pick<Store, "getModel" | "redirectOf">,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
): Promise<boolean> {
  const to = await visibleRedirect(store, request, id);
  if (to === null) return false;
  // `id` is the model the route named (git routes strip a `.git` the path then keeps).
  const location = movedUrl(request.url, request.routeOptions.url ?? "", id.slice(id.indexOf("/") + 1), to);
  if (location === null) return false;
  reply
    .status(307)
    .header("location", location)
    .send({ error: `model "${id}" moved to "${to}"`, url: location });
  return true;
}
