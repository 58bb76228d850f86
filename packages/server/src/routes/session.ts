// The web app's sign-in: GET /api/session (who is signed in, the CSRF token, whether the hub needs its first user),
// POST /api/session (sign in), DELETE /api/session (sign out), POST /api/setup (the first user, once).
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { SESSION_COOKIE, sessionCookie } from "../accounts/access-hooks.js";
import type { AccountService, OpenedSession } from "../accounts/account-service.js";
import { tokensEqual } from "../auth/require-admin.js";
import { HubError } from "../errors.js";
import type { Store } from "../store/store.js";
import { parseBody } from "../validation/parse-body.js";

/** The body of POST /api/session. */
export const SIGN_IN_BODY = z.strictObject({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(1024),
});
/** The body of POST /api/setup. */
export const SETUP_BODY = z.strictObject({
  adminToken: z.string().min(1).max(1024),
  username: z.string().min(1).max(200),
  password: z.string().max(1024),
  fullname: z.string().max(200).optional(),
});

/** What the session routes need. */
export interface SessionRouteDeps {
  /** Accounts. */
  store: Store;
  /** Account operations. */
  service: AccountService;
  /** The bootstrap administrator's token: the first-run form asks for it, so a stranger cannot claim a new hub. */
  adminToken: string;
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: OpenedSession): void {
  reply.setCookie(SESSION_COOKIE, session.secret, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    expires: session.expiresAt,
  });
}

/** Registers the session routes. */
export function registerSessionRoutes(app: FastifyInstance, deps: SessionRouteDeps): void {
  // Only these routes set cookies, so the cookie plugin (and the reply hook it adds) lives in their scope alone;
  // reading the session cookie is `sessionCookie`'s job, on any route.
  app.register(async (scope) => {
    await scope.register(fastifyCookie, { hook: false });
    sessionRoutes(scope, deps);
  });
}

function sessionRoutes(app: FastifyInstance, deps: SessionRouteDeps): void {
  const { service } = deps;

  app.get("/api/session", async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    const p = request.principal;
    const setupRequired = (await deps.store.accounts.countUsers()) === 0;
    if (p.kind !== "user") return { user: null, csrfToken: null, setupRequired };
    return {
      user: {
        name: p.user.name,
        fullname: p.user.fullname,
        isAdmin: p.user.isAdmin,
        orgs: p.orgs.map((m) => ({ name: m.org.name, role: m.role })),
      },
      csrfToken: p.csrfToken,
      setupRequired,
    };
  });

  app.post("/api/session", { config: { csrf: false } }, async (request, reply) => {
    const { username, password } = parseBody(SIGN_IN_BODY, request.body);
    const session = await service.signIn(username, password);
    setSessionCookie(request, reply, session);
    reply.header("cache-control", "private, no-store");
    return { user: { name: session.user.name }, csrfToken: session.csrfToken };
  });

  app.delete("/api/session", async (request, reply) => {
    const secret = sessionCookie(request);
    if (secret) await service.signOut(secret);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.status(204).send();
  });

  app.post("/api/setup", { config: { csrf: false } }, async (request, reply) => {
    const body = parseBody(SETUP_BODY, request.body);
    if (!tokensEqual(body.adminToken, deps.adminToken)) {
      throw new HubError("forbidden", "that is not the admin token printed when the hub first started");
    }
    await service.createFirstAdmin({
      name: body.username,
      password: body.password,
      ...(body.fullname === undefined ? {} : { fullname: body.fullname }),
    });
    const session = await service.signIn(body.username, body.password);
    setSessionCookie(request, reply, session);
    return reply.status(201).send({ user: { name: session.user.name }, csrfToken: session.csrfToken });
  });
}
