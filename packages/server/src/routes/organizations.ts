// Users and organisations over HTTP: POST /api/users (administrators), POST /api/organizations (any signed-in user,
// who becomes its admin), GET /api/organizations/:org/members, PUT|DELETE /api/organizations/:org/members/:user
// (the organisation's admins).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isAdministrator } from "../accounts/access.js";
import { requireNamespaceRole, requireSignedIn } from "../accounts/access-hooks.js";
import { type AccountService, parseOrgRole } from "../accounts/account-service.js";
import { HubError } from "../errors.js";
import { parseBody } from "../validation/parse-body.js";

/** The body of POST /api/users. */
export const NEW_USER_BODY = z.strictObject({
  name: z.string().max(200),
  password: z.string().max(1024),
  fullname: z.string().max(200).optional(),
  isAdmin: z.boolean().optional(),
});
/** The body of POST /api/organizations. */
export const NEW_ORG_BODY = z.strictObject({ name: z.string().max(200), fullname: z.string().max(200).optional() });
/** The body of PUT /api/organizations/{org}/members/{user}. */
export const MEMBER_BODY = z.strictObject({ role: z.string() });

type MemberParams = { org: string; user: string };

/** Registers the user and organisation routes. */
export function registerOrganizationRoutes(app: FastifyInstance, deps: { service: AccountService }): void {
  const { service } = deps;

  app.post("/api/users", async (request, reply) => {
    requireSignedIn(request, reply);
    if (!isAdministrator(request.principal)) throw new HubError("forbidden", "only administrators create users");
    const body = parseBody(NEW_USER_BODY, request.body);
    const user = await service.createUser({
      name: body.name,
      password: body.password,
      ...(body.fullname === undefined ? {} : { fullname: body.fullname }),
      ...(body.isAdmin === undefined ? {} : { isAdmin: body.isAdmin }),
    });
    return reply.status(201).send({ name: user.name, type: "user", fullname: user.fullname, isAdmin: user.isAdmin });
  });

  app.post("/api/organizations", async (request, reply) => {
    requireSignedIn(request, reply);
    const body = parseBody(NEW_ORG_BODY, request.body);
    const p = request.principal;
    const org = await service.createOrg(body.name, body.fullname, p.kind === "user" ? p.user : null);
    return reply.status(201).send({ name: org.name, type: "org", fullname: org.fullname });
  });

  app.get<{ Params: { org: string } }>("/api/organizations/:org/members", async (request, reply) => {
    requireNamespaceRole(request, reply, request.params.org, "read");
    const org = await service.findOrg(request.params.org);
    const members = await service.membersOf(org);
    return members.map((m) => ({ user: m.user.name, role: m.role }));
  });

  app.put<{ Params: MemberParams }>("/api/organizations/:org/members/:user", async (request, reply) => {
    requireNamespaceRole(request, reply, request.params.org, "admin");
    const { role } = parseBody(MEMBER_BODY, request.body);
    await service.setMember(request.params.org, request.params.user, parseOrgRole(role));
    return reply.status(204).send();
  });

  app.delete<{ Params: MemberParams }>("/api/organizations/:org/members/:user", async (request, reply) => {
    requireNamespaceRole(request, reply, request.params.org, "admin");
    await service.removeMember(request.params.org, request.params.user);
    return reply.status(204).send();
  });
}
