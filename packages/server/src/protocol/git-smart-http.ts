// git's smart HTTP protocol on model URLs: `git clone http://HOST/{ns}/{name}` (or `{name}.git`) and, for callers
// allowed to write, `git push`. The hub decides who may do what and which repository; `git http-backend` speaks the
// protocol. Request bodies stream to git untouched (gzip included), responses stream back.
import { PassThrough, type Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checksAccessItself } from "../accounts/repo-access.js";
import { HubError } from "../errors.js";
import type { ModelIdParams } from "../validation/model-id-params.js";
import { type BackendRequest, type GitService, runGitHttpBackend } from "./git-http-backend.js";
import { type RepoAccess, type RepoGrant, roleAllows } from "./repo-access.js";
import { modelIdFromRepoParams } from "./repo-params.js";

/** What a push needs beyond the backend: the git settings that check it, and what to do once it is in. */
export interface PushHandling {
  /** `git -c` settings of a push by a caller with this grant (limits, fast-forward only unless admin…). */
  config(grant: RepoGrant): Record<string, string>;
  /** Environment for the repository's hooks during one push (`done` runs once git has finished with it). */
  prepare?(id: string, grant: RepoGrant): Promise<{ env: Record<string, string>; done(): Promise<void> }>;
  /** Runs after git has finished receiving (refreshes the index from git); errors are logged, not sent. */
  afterPush(id: string): Promise<void>;
}

/** What the git routes need. */
export interface GitHttpDeps {
  /** The model's bare git directory, or null when it has none. */
  gitDir(id: string): Promise<string | null>;
  /** Who may read and write. */
  access: RepoAccess;
  /** Push support; without it `git-receive-pack` is refused. */
  push?: PushHandling;
  /** Answers a redirect when `id` is a moved model's old id the caller may follow; true when it did. */
  redirect?(request: FastifyRequest, reply: FastifyReply, id: string): Promise<boolean>;
}

const SERVICES: readonly GitService[] = ["git-upload-pack", "git-receive-pack"];
const SERVICE_TYPES = SERVICES.map((service) => `application/x-${service}-request`);
// `version=2`, or several `key=value` pairs separated by `:`; anything else is dropped, not passed to git.
const GIT_PROTOCOL = /^[A-Za-z0-9=:._-]{1,128}$/;
const CONTENT_ENCODINGS = new Set(["gzip", "x-gzip", "identity"]);

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseService(query: unknown): GitService {
  const service = (query as Record<string, unknown> | null)?.service;
  if (typeof service === "string" && (SERVICES as readonly string[]).includes(service)) return service as GitService;
  // Without `service` a client asks for the dumb protocol, which the hub does not serve.
  throw new HubError("bad_request", 'parameter "service" must be git-upload-pack or git-receive-pack');
}

/**
 * The answer for a repository the caller may not see, or may not push to, which never tells whether it exists. git
 * sends its credentials (from the URL or a helper) only after a 401 challenge, so an anonymous caller is challenged
 * (a private repository looks exactly like a missing one), as the field does; a signed-in caller gets 404.
 */
function refuse(grant: RepoGrant, needed: "read" | "write", id: string, reply: FastifyReply): never {
  if (grant.user === null) {
    reply.header("www-authenticate", 'Basic realm="modelhub"');
    throw new HubError(
      "unauthorized",
      needed === "write" ? "pushing needs a token with write access" : "authentication required",
    );
  }
  if (grant.role === null) throw new HubError("not_found", `repository "${id}" not found`, "RepoNotFound");
  throw new HubError("forbidden", `your token may not push to "${id}"`);
}

/** `source`'s bytes, ending only once `done` has settled. */
function holdUntil(source: Readable, done: Promise<unknown>): Readable {
  const held = new PassThrough();
  source.pipe(held, { end: false });
  source.once("end", () => void done.finally(() => held.end()));
  source.once("error", (error) => held.destroy(error));
  return held;
}

/** Registers the smart HTTP endpoints; the content types git posts are read as raw streams in this scope only. */
export async function registerGitSmartHttp(app: FastifyInstance, deps: GitHttpDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("onRoute", checksAccessItself);
    scope.addContentTypeParser(SERVICE_TYPES, (_request, payload, done) => done(null, payload));

    const serve = async (
      request: FastifyRequest<{ Params: ModelIdParams }>,
      reply: FastifyReply,
      service: GitService,
    ) => {
      const id = modelIdFromRepoParams(request.params);
      const grant = await deps.access.grant(request, id);
      const needed = service === "git-receive-pack" ? "write" : "read";
      if (!roleAllows(grant.role, needed)) refuse(grant, needed, id, reply);
      if (service === "git-receive-pack" && !deps.push) {
        throw new HubError("bad_request", "this hub does not accept git pushes");
      }
      const gitDir = await deps.gitDir(id);
      // git follows a redirect of `info/refs` and then talks to the new URL.
      if (!gitDir && (await deps.redirect?.(request, reply, id))) return reply;
      // A missing repository looks exactly like one the caller may not see.
      if (!gitDir) refuse({ role: null, user: grant.user }, needed, id, reply);
      const encoding = single(request.headers["content-encoding"])?.toLowerCase();
      if (encoding !== undefined && !CONTENT_ENCODINGS.has(encoding)) {
        throw new HubError("unsupported_media_type", `Content-Encoding "${encoding}" is not supported`);
      }
      const gitProtocol = single(request.headers["git-protocol"]);
      const push = service === "git-receive-pack" ? deps.push : undefined;
      // Only the POST receives objects and runs the hooks.
      const prepared = push?.prepare && request.method === "POST" ? await push.prepare(id, grant) : null;
      const backendRequest: BackendRequest = {
        gitDir,
        path: request.method === "GET" ? "/info/refs" : `/${service}`,
        method: request.method === "GET" ? "GET" : "POST",
        ...(request.method === "GET" ? { service } : {}),
        ...(gitProtocol && GIT_PROTOCOL.test(gitProtocol) ? { gitProtocol } : {}),
        ...(grant.user ? { remoteUser: grant.user } : {}),
        ...(push ? { config: push.config(grant), ...(prepared ? { hookEnv: prepared.env } : {}) } : {}),
      };
      if (request.method === "POST") {
        backendRequest.body = request.body as NodeJS.ReadableStream as BackendRequest["body"];
        backendRequest.contentType = single(request.headers["content-type"]) ?? "";
        const length = single(request.headers["content-length"]);
        if (length) backendRequest.contentLength = length;
        if (encoding && encoding !== "identity") backendRequest.contentEncoding = encoding;
      }
      const response = await runGitHttpBackend(backendRequest).catch(async (error: unknown) => {
        await prepared?.done();
        throw error;
      });
      const finished = response.exited.then(async ({ code, stderr }) => {
        await prepared?.done().catch(() => undefined);
        if (code !== 0) request.log.warn({ repo: id, service, code, stderr }, "git http-backend failed");
        if (push && request.method === "POST") {
          await push.afterPush(id).catch((error: unknown) => {
            request.log.error({ err: error, repo: id }, "index not refreshed after push");
          });
        }
      });
      // A push's answer ends only once the index has caught up, so what the client reads next shows the push.
      const body = push && request.method === "POST" ? holdUntil(response.body, finished) : response.body;
      return reply.status(response.status).headers(response.headers).send(body);
    };

    scope.get<{ Params: ModelIdParams }>("/:namespace/:name/info/refs", (request, reply) =>
      serve(request, reply, parseService(request.query)),
    );
    for (const service of SERVICES) {
      scope.post<{ Params: ModelIdParams }>(`/:namespace/:name/${service}`, (request, reply) => {
        const type = single(request.headers["content-type"]);
        if (type !== `application/x-${service}-request`) {
          throw new HubError("unsupported_media_type", `${service} takes application/x-${service}-request`);
        }
        return serve(request, reply, service);
      });
    }
  });
}
