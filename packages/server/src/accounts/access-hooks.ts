// The access check on the app: who the caller is (every request), CSRF for browser writes, and the model check of
// every route naming a model (`:namespace/:name` params) before its handler or body parser runs; a moved model's
// old id is sent on to its new one there.
import { fastifyCookie } from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { tokensEqual } from "../auth/require-admin.js";
import { HubError } from "../errors.js";
import type { HubModel } from "../models/hub-model.js";
import type { Store } from "../store/store.js";
import { modelIdProblem } from "../validation/model-id.js";
import { canRead, hasRole } from "./access.js";
import type { OrgRole } from "./account.js";
import { redirectIfMoved } from "./model-redirects.js";
import { ANONYMOUS, type Principal, presentsCredentials, resolvePrincipal } from "./principal.js";

/** What a route asks of its caller: to see the model (default), a role on its namespace, or nothing (it checks). */
export type RouteAccess = "read" | "write" | "admin" | "none";
type ModelAccess = Exclude<RouteAccess, "none">;

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking (set before any handler runs). */
    principal: Principal;
    /** The model the route names, as its access check found it; null when the route names none or checks itself. */
    model: HubModel | null;
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
/**
 * The session cookie `request` carries, if any. Parsed here, on demand, rather than by a cookie plugin on every
 * request: most requests (clients with tokens, anonymous downloads) carry no cookie at all.
 */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header === undefined ? undefined : fastifyCookie.parse(header)[SESSION_COOKIE];
}

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
  /** The record of `id` when the read cache holds it (null: known missing), undefined when it must be read. */
  cachedModel?: (id: string) => HubModel | null | undefined;
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
  access: ModelAccess,
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

type Hook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

// The model check of one route, before its handler or body parser runs. A model the read cache holds that the caller
// may read passes at once, with no promise (the common read); anything else takes the full path: a moved id is sent
// on, a missing or hidden model is a 404, a write needs its role.
// `route` is the route's options object: its `config.access` is read at request time, as hooks of the route's own
// scope may still set it after this one saw the route (`checksAccessItself`).
function modelCheck(options: AccessOptions, route: { config?: unknown }): Hook {
  const { store, cachedModel } = options;
  const check = async (request: FastifyRequest, reply: FastifyReply, id: string, access: ModelAccess) => {
    if (await redirectIfMoved(store, request, reply, id)) return true;
    request.model = await requireModelAccess(request, reply, store, id, access);
    return false;
  };
  return (request, reply, done) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access ?? "read";
    if (access === "none") return done();
    const params = request.params as { namespace?: unknown; name?: unknown } | undefined;
    if (typeof params?.namespace !== "string" || typeof params.name !== "string") return done();
    const id = `${params.namespace}/${params.name}`;
    // A malformed id is the route's 400 to give.
    if (modelIdProblem(id)) return done();
    const cached = access === "read" ? cachedModel?.(id) : undefined;
    if (cached && canRead(request.principal, cached)) {
      request.model = cached;
      return done();
    }
    // When the check answered (a redirect), the reply is sent and the route does not run.
    check(request, reply, id, access).then((answered) => (answered ? undefined : done()), done);
  };
}

// `:namespace` and `:name` segments: the routes naming a model.
const NAMES_MODEL = /(?:^|\/):namespace\/:name(?:\/|$)/;

/** Registers the principal of every request, the CSRF check and the model check. */
export async function registerAccess(app: FastifyInstance, options: AccessOptions): Promise<void> {
  const { store } = options;
  const sources = { accounts: store.accounts, adminToken: options.adminToken, now: options.now };
  app.decorateRequest("principal", null as never);
  app.decorateRequest("model", null);
  // A callback hook: a request without credentials is anonymous at once, with no promise on the way.
  app.addHook("onRequest", (request, reply, done) => {
    const credentials = { authorization: request.headers.authorization, session: sessionCookie(request) };
    if (!presentsCredentials(credentials)) {
      request.principal = ANONYMOUS;
      return done();
    }
    resolvePrincipal(sources, credentials).then(
      (principal) => {
        request.principal = principal;
        try {
          checkCsrf(request);
        } catch (error) {
          return done(error as Error);
        }
        done();
      },
      (error: Error) => {
        reply.header("www-authenticate", 'Bearer realm="modelhub"').header("connection", "close");
        done(error);
      },
    );
  });
  // The model check runs on the routes that name a model only, added to each as it is declared (before the route's
  // own hooks, after every global one), so other routes pay nothing for it.
  app.addHook("onRoute", (route) => {
    if (!NAMES_MODEL.test(route.url)) return;
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [modelCheck(options, route), ...own];
  });
}
