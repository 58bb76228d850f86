// A signed-in user's access tokens: GET/POST /api/settings/tokens, DELETE /api/settings/tokens/:id. The token itself
// is in the creation's answer only; lists show names, roles and dates.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { authenticationRequired } from "../accounts/access-hooks.js";
import type { Account } from "../accounts/account.js";
import { type AccountService, parseTokenRole } from "../accounts/account-service.js";
import { HubError } from "../errors.js";
import type { Store } from "../store/store.js";
import { parseBody } from "../validation/parse-body.js";

/** The body of POST /api/settings/tokens. */
export const TOKEN_CREATE_BODY = z.strictObject({
  name: z.string().max(200),
  role: z.string(),
  /** ISO date, or absent for a token that does not expire. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});

// Token management is for a user acting for itself: a browser session or a write token (a read token cannot mint
// a write token). The bootstrap administrator uses the CLI.
function tokenOwner(request: FastifyRequest, reply: FastifyReply): Account {
  const p = request.principal;
  if (p.kind === "anonymous") throw authenticationRequired(reply);
  if (p.kind !== "user") throw new HubError("forbidden", "the admin token has no tokens: use `modelhub token create`");
  if (p.token?.role === "read") throw new HubError("forbidden", "a read token cannot manage tokens");
  return p.user;
}

/** Registers the token routes. */
export function registerTokenRoutes(app: FastifyInstance, deps: { store: Store; service: AccountService }): void {
  app.get("/api/settings/tokens", async (request, reply) => {
    const user = tokenOwner(request, reply);
    reply.header("cache-control", "private, no-store");
    return deps.store.accounts.listTokens(user.pk);
  });

  app.post("/api/settings/tokens", async (request, reply) => {
    const user = tokenOwner(request, reply);
    const body = parseBody(TOKEN_CREATE_BODY, request.body);
    const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
    const issued = await deps.service.issueToken(user, body.name, parseTokenRole(body.role), expiresAt);
    reply.header("cache-control", "private, no-store");
    return reply.status(201).send({ ...issued.info, token: issued.token });
  });

  app.delete<{ Params: { id: string } }>("/api/settings/tokens/:id", async (request, reply) => {
    const user = tokenOwner(request, reply);
    const id = Number(request.params.id);
    if (!/^[0-9]{1,15}$/.test(request.params.id) || !(await deps.store.accounts.deleteToken(user.pk, id))) {
      throw new HubError("not_found", `no token ${request.params.id}`);
    }
    return reply.status(204).send();
  });
}
