// GET /api/whoami-v2: who the caller is, in the field's shape (401 without credentials).
import type { FastifyInstance } from "fastify";
import { authenticationRequired } from "../accounts/access-hooks.js";
import { whoAmI } from "../accounts/whoami.js";
import { expectNoQuery } from "../validation/no-query.js";

/** Registers `/api/whoami-v2`. */
export function registerWhoAmIRoute(app: FastifyInstance, deps: { now: () => Date }): void {
  app.get("/api/whoami-v2", async (request, reply) => {
    expectNoQuery(request.query);
    const me = whoAmI(request.principal, deps.now());
    if (!me) throw authenticationRequired(reply);
    // Never cached by a proxy: the answer depends on the Authorization header.
    reply.header("cache-control", "private, no-store");
    return me;
  });
}
