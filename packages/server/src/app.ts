// The hub's HTTP application: composition only. Each resource's routes live in routes/, logic in plain modules.
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { registerAccess } from "./accounts/access-hooks.js";
import type { BlobStore } from "./blobs/blob-store.js";
import { DEFAULT_READ_CACHE, type ReadCacheOptions, withReadCache } from "./cache/cached-store.js";
import type { ChangeFeed } from "./changes/change-feed.js";
import { DEFAULT_MAX_CONNECTIONS } from "./config.js";
import { handleError } from "./errors.js";
import type { KeyedLock } from "./files/keyed-lock.js";
import { DEFAULT_MAX_UPLOAD_BYTES } from "./files/upload-limit.js";
import { registerCompression } from "./http/compression.js";
import { type FailedAuthLimit, registerFailedAuthLimit } from "./http/failed-auth-limit.js";
import { registerInputGuards } from "./http/input-guards.js";
import { lazyChildLogger } from "./http/lazy-child-logger.js";
import { redactingLogger } from "./http/log-redaction.js";
import { publicOrigin } from "./http/public-origin.js";
import { registerRequestIdHeader } from "./http/request-id.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerWriteProtocol } from "./protocol/write/register-write-protocol.js";
import type { ModelRepos } from "./repos/model-repos.js";
import { registerAccountRoutes } from "./routes/accounts.js";
import { registerCountRoutes } from "./routes/counts.js";
import { registerLibraryRoutes } from "./routes/libraries.js";
import { registerLocalAppRoutes } from "./routes/local-apps.js";
import { registerModelFacetRoutes } from "./routes/model-facets.js";
import { registerSnippetRoutes } from "./routes/model-snippets.js";
import { registerModelRoutes } from "./routes/models.js";
import { registerOpenApiRoute } from "./routes/openapi.js";
import { registerProviderRoute } from "./routes/providers.js";
import { registerRepository } from "./routes/repository.js";
import { registerWebApp } from "./routes/web-app.js";
import type { Store } from "./store/store.js";

/** A connection with no bytes moving for this long is closed (ms). */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/** Largest request body, in bytes: a record with a big config fits, a flood does not. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** What the application is built from. */
export interface AppOptions {
  /** Storage; the app puts its read cache in front. */
  store: Store;
  /** Bearer token required by writes. */
  adminToken: string;
  /** The web app's build directory, served at `/`; null or absent serves the API only. */
  webRoot?: string | null;
  /** Fastify logger options; false (the default) logs nothing. */
  logger?: FastifyServerOptions["logger"];
  /** Log one line per request (on by default when logging). */
  requestLogs?: boolean;
  /** Largest request body in bytes. */
  bodyLimit?: number;
  /** Read cache sizes and lifetimes. */
  cache?: ReadCacheOptions;
  /** Where writes are told to, and heard from, the other hub processes on the same database (their caches). */
  changes?: ChangeFeed | null;
  /** Per-model and per-blob write locks shared with the other hub processes; absent: this process's own. */
  locks?: { models: KeyedLock; blobs: KeyedLock } | null;
  /** Clock for the dates the hub fills in. */
  now?: () => Date;
  /** Where LFS objects are stored; without it (or `repos`) the hub serves records only (no file routes). */
  blobs?: BlobStore | null;
  /** The models' git repositories. */
  repos?: ModelRepos | null;
  /** Largest uploaded file in bytes (MODELHUB_MAX_UPLOAD_BYTES). */
  maxUploadBytes?: number;
  /** Longest wait before counted downloads are written, in ms. */
  downloadFlushMs?: number;
  /** Origins card images may load from besides the hub (MODELHUB_CARD_IMAGE_HOSTS), e.g. `https://cdn.example`. */
  cardImageOrigins?: readonly string[];
  /** Longest rendering of one card in the render worker, in ms (MODELHUB_CARD_RENDER_TIMEOUT_MS). */
  cardRenderTimeoutMs?: number;
  /** Most simultaneous connections (MODELHUB_MAX_CONNECTIONS); further ones are closed at once. */
  maxConnections?: number;
  /** A connection idle this long (ms) is closed: a stalled upload or a silent client does not hold it forever. */
  idleTimeoutMs?: number;
  /** The per-address limit of failed authentication. */
  failedAuthLimit?: FailedAuthLimit;
  /** The hub's public URL (MODELHUB_PUBLIC_URL) for absolute links; unset: the address it listens on. */
  publicUrl?: string | null;
}

// Once closing starts, responses to in-flight requests tell keep-alive clients to hang up, so close() does not
// wait for idle connections to time out.
function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
  // A streamed body that finishes after closing began (its headers went out before) leaves a keep-alive connection
  // that only becomes idle now: close it, or close() would wait for the keep-alive timeout.
  app.addHook("onResponse", (_request, _reply, done) => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}

/** Builds the application (not listening yet). */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: redactingLogger(options.logger ?? false),
    logController: new LogController({ disableRequestLogging: options.requestLogs === false }),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    connectionTimeout: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setErrorHandler(handleError);
  // JSON only: any other body type is a 415, not a string that fails validation later.
  app.removeContentTypeParser("text/plain");
  app.server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  registerSecurityHeaders(app, options.cardImageOrigins ?? []);
  registerFailedAuthLimit(app, options.failedAuthLimit);
  registerInputGuards(app);
  closeConnectionsOnShutdown(app);
  await registerCompression(app);
  registerRequestIdHeader(app);
  const store = withReadCache(options.store, options.cache ?? DEFAULT_READ_CACHE, options.changes ?? null);
  const now = options.now ?? (() => new Date());
  // First: every route below sees the caller (request.principal) and gets the model check.
  await registerAccess(app, { store, adminToken: options.adminToken, now, cachedModel: store.cachedModel });
  const origin = publicOrigin(app, options.publicUrl);
  const repository =
    options.blobs && options.repos
      ? await registerRepository(app, {
          store,
          blobs: options.blobs,
          repos: options.repos,
          origin,
          signingSecret: options.adminToken,
          publicUrl: options.publicUrl ?? null,
          maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
          ...(options.downloadFlushMs === undefined ? {} : { downloadFlushMs: options.downloadFlushMs }),
          now,
          cardImageOrigins: options.cardImageOrigins ?? [],
          ...(options.cardRenderTimeoutMs === undefined ? {} : { cardRenderTimeoutMs: options.cardRenderTimeoutMs }),
          locks: options.locks ?? null,
        })
      : null;
  const files = repository?.files ?? null;
  registerModelRoutes(app, { store, now, files, origin, repos: options.blobs ? (options.repos ?? null) : null });
  registerSnippetRoutes(app, { store, publicUrl: options.publicUrl ?? null });
  registerLocalAppRoutes(app, { store });
  registerAccountRoutes(app, { store, adminToken: options.adminToken, now });
  if (repository && options.repos && options.blobs) {
    const write = { store, files: repository.files, repos: options.repos, blobs: options.blobs, origin };
    await registerWriteProtocol(app, {
      ...write,
      ownership: repository.lfsOwnership,
      maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    });
  }
  registerLibraryRoutes(app, { store });
  registerCountRoutes(app, { store });
  registerModelFacetRoutes(app, { store });
  registerProviderRoute(app);
  registerOpenApiRoute(app);
  await registerWebApp(app, options.webRoot ?? null, store);
  return app;
}
