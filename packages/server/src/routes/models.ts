// /api/models: list, read, create, replace, delete. Thin: validation, store and paging live in their modules.
import type { FastifyInstance } from "fastify";
import { visibilityOf } from "../accounts/access.js";
import { requireNamespaceRole, requireSignedIn } from "../accounts/access-hooks.js";
import { boundedMemo } from "../cache/bounded-memo.js";
import { createPageBodies } from "../cache/page-bodies.js";
import { HubError } from "../errors.js";
import type { FileService } from "../files/file-service.js";
import type { PublicOrigin } from "../http/public-origin.js";
import { completeModel } from "../models/complete-model.js";
import { MODEL_SUMMARY_SCHEMA } from "../openapi/json-schemas.js";
import { pageLinks } from "../pagination/link-header.js";
import { type ListPage, readListPage } from "../pagination/list-page.js";
import { expandValues, flag, onlyParams } from "../protocol/info-query.js";
import { listRows, needsExpansion, summaryRows } from "../protocol/list-rows.js";
import { cardDataOf, modelInfoBody } from "../protocol/model-info.js";
import type { ModelRepos } from "../repos/model-repos.js";
import type { Store } from "../store/store.js";
import { type ListRequest, parseListRequest } from "../validation/list-query.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";
import { expectNoQuery } from "../validation/no-query.js";
import { parseModelInput } from "../validation/parse-model-input.js";

/** What the model routes need. */
export interface ModelRouteDeps {
  /** Storage. */
  store: Store;
  /** Clock for the dates the hub fills in. */
  now: () => Date;
  /** The git repositories (sha, siblings and card data of model reads); absent when the hub keeps no files. */
  repos?: ModelRepos | null;
  /** Model files, whose blobs a deleted model releases; null when the hub keeps no files. */
  files?: FileService | null;
  /** The hub's origin for absolute links. */
  origin: PublicOrigin;
}

function notFound(id: string): HubError {
  return new HubError("not_found", `model "${id}" not found`);
}

// Parsed list queries by raw query string: parsing (zod, the cursor) is a pure function of it, and the same few
// queries (the home list, a library's first page) come again and again. Long query strings are parsed each time.
const listRequests = boundedMemo<string, ListRequest>(1_000);
const MAX_KEPT_QUERY = 1_024;

function listRequestOf(url: string, parsed: unknown): ListRequest {
  const start = url.indexOf("?");
  const raw = start === -1 ? "" : url.slice(start + 1);
  const parse = () => parseListRequest(parsed);
  return raw.length <= MAX_KEPT_QUERY ? listRequests(raw, parse) : parse();
}

// The Link header per page answer (an object kept while the page is cached) and the URL it was asked by.
const pageLinkHeaders = new WeakMap<ListPage, { url: string; origin: string | null; link: string | null }>();

function linkOf(page: ListPage, origin: string | null, url: string): string | null {
  const known = pageLinkHeaders.get(page);
  if (known && known.url === url && known.origin === origin) return known.link;
  const link = pageLinks(origin, url, page.next, page.prev);
  pageLinkHeaders.set(page, { url, origin, link });
  return link;
}

/** Registers the `/api/models` routes. */
export function registerModelRoutes(app: FastifyInstance, deps: ModelRouteDeps): void {
  const { store, now } = deps;
  // The access hook checks the caller's role on the model's namespace (before the body is read).
  const write = { config: { access: "write" as const } };
  const manage = { config: { access: "admin" as const } };
  const pageBodies = createPageBodies();

  app.get(
    "/api/models",
    { schema: { response: { 200: { type: "array", items: MODEL_SUMMARY_SCHEMA } } } },
    async (request, reply) => {
      const { query, before, extras } = listRequestOf(request.url, request.query);
      const page = await readListPage(store, { ...query, visibility: visibilityOf(request.principal) }, before);
      const link = linkOf(page, deps.origin(), request.url);
      if (link !== null) reply.header("link", link);
      const json = reply.type("application/json; charset=utf-8");
      const rowDeps = { getModel: (id: string) => store.getModel(id), repos: deps.repos ?? null };
      // Expanded rows carry fields the summary schema does not list: they are sent as they are.
      if (needsExpansion(extras)) return json.send(JSON.stringify(await listRows(rowDeps, page.items, extras)));
      // A page the read cache still holds is sent as the text it was serialised to (by the route's schema) before.
      return json.send(pageBodies.body(page.items, () => String(reply.serialize(summaryRows(page.items)))));
    },
  );

  // The field's model info: the record, and with a repository the head's sha, siblings and card data.
  app.get<{ Params: ModelIdParams; Querystring: Record<string, unknown> }>(
    "/api/models/:namespace/:name",
    async (request, reply) => {
      const id = modelIdFromParams(request.params);
      const query = request.query ?? {};
      onlyParams(query, ["blobs", "securityStatus", "expand", "expand[]"]);
      flag("securityStatus", query.securityStatus);
      const model = request.model ?? (await store.getModel(id));
      if (!model) throw notFound(id);
      const repos = deps.repos;
      const head = repos ? await repos.resolve(model.id, "main") : null;
      const snapshot = repos && head ? await repos.snapshot(model.id, head) : null;
      const body = modelInfoBody({
        model,
        snapshot,
        cardData: repos && snapshot ? await cardDataOf(repos, model.id, snapshot) : null,
        blobs: flag("blobs", query.blobs),
        expand: expandValues(query),
      });
      return reply.type("application/json; charset=utf-8").send(body);
    },
  );

  app.post(
    "/api/models",
    { onRequest: async (request, reply) => requireSignedIn(request, reply) },
    async (request, reply) => {
      expectNoQuery(request.query);
      const model = completeModel(parseModelInput(request.body), { now: now() });
      requireNamespaceRole(request, reply, model.author, "write");
      await store.createModel(model);
      return reply.status(201).header("location", `/api/models/${model.id}`).send(model);
    },
  );

  app.put<{ Params: ModelIdParams }>("/api/models/:namespace/:name", write, async (request) => {
    const id = modelIdFromParams(request.params);
    expectNoQuery(request.query);
    const body = request.body;
    // The id may be left out of the body; when present it must be the one in the path.
    const withId = body && typeof body === "object" && !Array.isArray(body) && !("id" in body) ? { ...body, id } : body;
    const input = parseModelInput(withId);
    if (input.id !== id) throw new HubError("bad_request", `field "id": must be "${id}", the id in the path`);
    const previous = await store.getModel(id);
    if (!previous) throw notFound(id);
    const model = completeModel(input, { now: now(), previousCreatedAt: previous.createdAt });
    if (!(await store.replaceModel(model))) throw notFound(id);
    return model;
  });

  app.delete<{ Params: ModelIdParams }>("/api/models/:namespace/:name", manage, async (request, reply) => {
    const id = modelIdFromParams(request.params);
    expectNoQuery(request.query);
    // The model's repository goes with it; its LFS objects are released once no other repository uses them.
    const deleted = deps.files ? await deps.files.removeModel(id) : await store.deleteModel(id);
    if (!deleted) throw notFound(id);
    return reply.status(204).send();
  });
}
