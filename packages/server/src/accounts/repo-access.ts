// The accounts' answer to the protocol routes' RepoAccess (git smart HTTP, LFS): the same policy as every other
// route, from the request's principal and the model's visibility.
import type { RouteOptions } from "fastify";
import type { RepoAccess } from "../protocol/repo-access.js";
import type { Store } from "../store/store.js";
import { namespaceOf } from "../validation/model-id.js";
import { canRead, effectiveRole } from "./access.js";

/** RepoAccess over the accounts: no role on a private model the caller may not see, else its namespace role. */
export function accountsRepoAccess(store: Pick<Store, "getModel">): RepoAccess {
  return {
    async grant(request, id) {
      const p = request.principal;
      const user = p.kind === "user" ? p.user.name : p.kind === "bootstrap" ? "admin" : null;
      const model = await store.getModel(id);
      if (model && !canRead(p, model)) return { role: null, user };
      const namespace = model?.author ?? namespaceOf(id);
      return { role: effectiveRole(p, namespace) ?? "read", user };
    },
  };
}

/**
 * An `onRoute` hook for scopes whose routes ask RepoAccess themselves (git answers 401 to an anonymous caller so it
 * retries with credentials, where other routes answer 404): the generic model check leaves them alone.
 */
export function checksAccessItself(route: RouteOptions): void {
  route.config = { ...(route.config ?? {}), access: "none" };
}
