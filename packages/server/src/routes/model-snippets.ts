// GET /api/models/:namespace/:name/snippets: the engine's JSON for the record, options from the query string.
import { getModelSnippets, type InferenceLogger, InferenceOptionError } from "@modelhub/snippets";
import type { FastifyInstance } from "fastify";
import { createLruCache } from "../cache/lru-cache.js";
import { HubError } from "../errors.js";
import { isSecretParameter, SECRET_OPTIONS } from "../http/secret-options.js";
import type { HubModel } from "../models/hub-model.js";
import { displayedHubOrigin } from "../protocol/hub-origin.js";
import type { Store } from "../store/store.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";

/** Rendered snippet documents kept (each tens of kilobytes): the hot models' usual option sets. */
const MAX_RENDERED = 500;
/** How long a rendered document is kept; a change to its record replaces it at once anyway. */
const RENDERED_TTL_MS = 60_000;

/** What the snippets route needs. */
export interface SnippetRouteDeps {
  /** Storage (cached: a record object stays the same until it changes or expires). */
  store: Store;
  /** MODELHUB_PUBLIC_URL: the hub URL the panel's setup line names (else the origin the request reached). */
  publicUrl?: string | null;
}

// Every value as one string, read from the raw query string so that no name (`__proto__` included) is dropped
// before the engine's parser refuses what it does not know; a repeated parameter is ambiguous and refused.
function snippetOptions(url: string): Record<string, string> {
  const start = url.indexOf("?");
  const options: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(start === -1 ? "" : url.slice(start + 1))) {
    if (Object.hasOwn(options, name)) throw new HubError("bad_request", `parameter "${name}" is given more than once`);
    options[name] = value;
  }
  return options;
}

// Secret options come from their headers only: one in the query string is refused, as its URL may be logged.
function secretOptions(
  options: Record<string, string>,
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> | null {
  for (const name of Object.keys(options)) {
    if (isSecretParameter(name)) {
      const header =
        SECRET_OPTIONS.find((o) => o.name.toLowerCase() === name.toLowerCase())?.header ?? "x-access-token";
      throw new HubError(
        "bad_request",
        `parameter "${name}" is a credential: send it in the ${header} header, never in a URL`,
      );
    }
  }
  let secrets: Record<string, string> | null = null;
  for (const { name, header } of SECRET_OPTIONS) {
    const value = headers[header];
    if (value === undefined) continue;
    if (typeof value !== "string") throw new HubError("bad_request", `header "${header}" is given more than once`);
    secrets = { ...(secrets ?? {}), [name]: value };
  }
  return secrets;
}

function snippetsJson(
  model: HubModel,
  options: Record<string, string>,
  logger: InferenceLogger,
  hubUrl: string,
): string {
  try {
    return JSON.stringify(getModelSnippets(model, options, logger, { hubUrl }));
  } catch (error) {
    if (error instanceof InferenceOptionError) {
      throw new HubError("bad_request", `parameter "${error.option}": ${error.message}`);
    }
    throw error;
  }
}

/** Registers the snippets route. */
export function registerSnippetRoutes(app: FastifyInstance, deps: SnippetRouteDeps): void {
  // Keyed by id and options; an entry is only used with the very record object it was rendered from, so a replaced
  // or expired record (a new object from the store's cache) is rendered again.
  // Kept as the bytes sent (tens of kilobytes): a string body is measured and encoded again on every send.
  const rendered = createLruCache<string, { model: HubModel; body: Buffer }>({
    max: MAX_RENDERED,
    ttlMs: RENDERED_TTL_MS,
  });

  app.get<{ Params: ModelIdParams }>("/api/models/:namespace/:name/snippets", async (request, reply) => {
    const id = modelIdFromParams(request.params);
    const options = snippetOptions(request.url);
    const secrets = secretOptions(options, request.headers);
    const model = request.model ?? (await deps.store.getModel(id));
    if (!model) throw new HubError("not_found", `model "${id}" not found`);
    const hubUrl = displayedHubOrigin(request, deps.publicUrl);
    // Without a configured URL the setup line follows the Host the browser used: caches must keep one per host.
    if (!deps.publicUrl) reply.header("vary", "host");
    const key = `${hubUrl} ${id}?${JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;
    const logger = { warn: (message: string) => request.log.warn({ model: id }, message) };
    if (secrets !== null) {
      // A credential is never part of a cache key, and an answer rendered with one is kept by no cache.
      reply.header("cache-control", "no-store");
      return reply
        .type("application/json; charset=utf-8")
        .send(snippetsJson(model, { ...options, ...secrets }, logger, hubUrl));
    }
    const hit = rendered.get(key);
    let body = hit?.model === model ? hit.body : undefined;
    if (body === undefined) {
      // The engine's warnings (spec §8's logged messages) go to the request's log line.
      body = Buffer.from(snippetsJson(model, options, logger, hubUrl));
      rendered.set(key, { model, body });
    }
    return reply.type("application/json; charset=utf-8").send(body);
  });
}
