// The access check on the app: who the caller is (every request), CSRF for browser writes, and the model check of
// every route naming a model (`:namespace/:name` params) before its handler or body parser runs; a moved model's
// old id is sent on to its new one there.
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { tokensEqual } from "../auth/require-admin.js";
import { HubError } from "../errors.js";
import type { HubModel } from "../models/hub-model.js";
import type { Store } from "../store/store.js";
import { modelIdProblem } from "../validation/model-id.js";
import { canRead, hasRole } from "./access.js";
import type { OrgRole } from "./account.js";
import { redirectIfMoved } from "./model-redirects.js";
import { type Principal, resolvePrincipal } from "./principal.js";

/** What a route asks of its caller: to see the model (default), a role on its namespace, or nothing (it checks). */
export type RouteAccess = "read" | "write" | "admin" | "none";

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking (set before any handler runs). */
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** What the route's model check asks; absent means "read". */
    access?: RouteAccess;
    /** False for the sign-in form, which has no session to take a CSRF token from yet. */
    csrf?: boolean;
  }
}

/** The session cookie's name. */
export const SESSION_COOKIE = "modelhub_session";
/** The header a browser write echoes the session's CSRF token in. */
export const CSRF_HEADER = "x-csrf-token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What the access hooks need. */
export interface AccessOptions {
  /** Records (cached) and accounts. */
  store: Store;
  /** The bootstrap administrator's token. */
  adminToken: string;
  /** Clock. */
  now: () => Date;
}

/** The answer for a model the caller may not see, word for word the answer for a model that does not exist. */
export function repoNotFound(id: string): HubError {
  return new HubError("not_found", `model "${id}" not found`, "RepoNotFound");
}

/** A 401 that also ends the connection, so an unauthenticated upload is not read. */
export function authenticationRequired(reply: FastifyReply): HubError {
  reply.header("www-authenticate", 'Bearer realm="modelhub"').header("connection", "close");
  return new HubError("unauthorized", "authentication required (Authorization: Bearer <token>)");
}

/** Throws 401 unless someone is signed in (any role). */
export function requireSignedIn(request: FastifyRequest, reply: FastifyReply): void {
  if (request.principal.kind === "anonymous") throw authenticationRequired(reply);
}

/** Throws 401 (anonymous) or 403 unless the caller holds `needed` on `namespace` (namespaces are public names). */
export function requireNamespaceRole(
  request: FastifyRequest,
  reply: FastifyReply,
  namespace: string,
  needed: OrgRole,
): void {
  requireSignedIn(request, reply);
  if (!hasRole(request.principal, namespace, needed)) {
    throw new HubError("forbidden", `you need the ${needed} role on "${namespace}" for this (check your token's role)`);
  }
}

/**
 * The model `id` if the caller may use it with `access`: 404 RepoNotFound when it does not exist or the caller may
 * not see it, 401 for an anonymous write, 403 for a visible model without the role. Routes with other parameters
 * (git, LFS) call this directly.
 */
export async function requireModelAccess(
  request: FastifyRequest,
  reply: FastifyReply,
  store: Store,
  id: string,
  access: Exclude<RouteAccess, "none">,
): Promise<HubModel> {
  if (access !== "read") requireSignedIn(request, reply);
  const model = await store.getModel(id);
  if (!model || !canRead(request.principal, model)) throw repoNotFound(id);
  if (access !== "read" && !hasRole(request.principal, model.author, access)) {
    throw new HubError("forbidden", `you need the ${access} role on "${model.author}" to change "${id}"`);
  }
  return model;
}

function checkCsrf(request: FastifyRequest): void {
  const principal = request.principal;
  if (principal.kind !== "user" || principal.csrfToken === null || SAFE_METHODS.has(request.method)) return;
  if (request.routeOptions.config.csrf === false) return;
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== "string" || !tokensEqual(sent, principal.csrfToken)) {
    throw new HubError("forbidden", `a signed-in browser's write needs the ${CSRF_HEADER} header of its session`);
  }
}

/** Registers cookie parsing, the principal of every request, the CSRF check and the model check. */
export async function registerAccess(app: FastifyInstance, options: AccessOptions): Promise<void> {
  const { store } = options;
  await app.register(fastifyCookie);
  app.decorateRequest("principal", null as never);
  app.addHook("onRequest", async (request, reply) => {
    const authorization = request.headers.authorization;
    try {
      request.principal = await resolvePrincipal(
        { accounts: store.accounts, adminToken: options.adminToken, now: options.now },
        { authorization, session: request.cookies[SESSION_COOKIE] },
      );
    } catch (error) {
      reply.header("www-authenticate", 'Bearer realm="modelhub"').header("connection", "close");
      throw error;
    }
    checkCsrf(request);
    const access = request.routeOptions.config.access ?? "read";
    const params = request.params as { namespace?: unknown; name?: unknown } | undefined;
    if (access === "none" || typeof params?.namespace !== "string" || typeof params.name !== "string") return;
    const id = `${params.namespace}/${params.name}`;
    // A malformed id is the route's 400 to give.
    if (modelIdProblem(id)) return;
    if (await redirectIfMoved(store, request, reply, id)) return reply;
    await requireModelAccess(request, reply, store, id, access);
  });
}
