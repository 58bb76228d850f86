// The field's read API of a model repository: `revision`, `tree`, `paths-info`, `refs`, `commits`.
import type { FastifyInstance } from "fastify";
import { HubError } from "../errors.js";
import { parseRepoPath } from "../files/paths.js";
import type { PublicOrigin } from "../http/public-origin.js";
import { nextPageLink } from "../pagination/link-header.js";
import type { ModelRepos } from "../repos/model-repos.js";
import { comparePaths } from "../repos/tree-listing.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";
import { expandValues, flag, onlyParams } from "./info-query.js";
import { cachedCardData, cardDataOf, modelInfoBody } from "./model-info.js";
import { parsePathsInfoBody } from "./paths-info-body.js";
import {
  cachedModelAtRevision,
  entryNotFound,
  type ModelAtRevision,
  modelAtRevision,
  type RevisionDeps,
} from "./repo-revision.js";
import { UNSCANNED } from "./security-status.js";
import { fileEntry, listFolder, type TreeEntry } from "./tree-entries.js";

/** What the read routes need. */
export interface ReadRouteDeps extends RevisionDeps {
  /** The hub's origin for `Link` headers. */
  origin: PublicOrigin;
}

type RevisionParams = ModelIdParams & { revision: string };
type TreeParams = RevisionParams & { "*"?: string };

/** Largest tree page; pages with `expand` are smaller, as the field's are. */
const TREE_PAGE = 1000;
const EXPANDED_TREE_PAGE = 50;
const COMMITS_PAGE = 50;

function encodeTreeCursor(after: string): string {
  return Buffer.from(JSON.stringify({ after })).toString("base64url");
}

function decodeTreeCursor(cursor: unknown): string | null {
  if (cursor === undefined) return null;
  try {
    const value = JSON.parse(Buffer.from(String(cursor), "base64url").toString("utf8")) as { after?: unknown };
    if (typeof value.after === "string" && value.after.length > 0) return value.after;
  } catch {
    // Falls through to the 400.
  }
  throw new HubError("bad_request", 'parameter "cursor" is not a cursor this hub gave out');
}

function pageNumber(value: unknown): number {
  if (value === undefined) return 0;
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value))
    throw new HubError("bad_request", 'parameter "p" must be a page number');
  return Number(value);
}

/** `expand`: each entry's last commit, and each file's security status. */
async function expanded(repos: ModelRepos, id: string, commit: string, entries: TreeEntry[]): Promise<TreeEntry[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const last = await repos.lastCommit(id, commit, entry.path);
      const withCommit = last ? { ...entry, lastCommit: { id: last.id, title: last.title, date: last.date } } : entry;
      return withCommit.type === "file" ? { ...withCommit, securityFileStatus: UNSCANNED } : withCommit;
    }),
  );
}

/** Registers the read routes. */
export function registerReadRoutes(app: FastifyInstance, deps: ReadRouteDeps): void {
  const { repos } = deps;

  app.get<{ Params: RevisionParams; Querystring: Record<string, unknown> }>(
    "/api/models/:namespace/:name/revision/:revision",
    (request, reply) => {
      const id = modelIdFromParams(request.params);
      const query = request.query ?? {};
      onlyParams(query, ["blobs", "securityStatus", "expand", "expand[]"]);
      flag("securityStatus", query.securityStatus);
      const send = ({ model, snapshot }: ModelAtRevision, cardData: Record<string, unknown> | null) => {
        const body = modelInfoBody({
          model,
          snapshot,
          cardData,
          blobs: flag("blobs", query.blobs),
          expand: expandValues(query),
        });
        reply.type("application/json; charset=utf-8").send(body);
      };
      // The usual read (record, commit, files and card in memory) is answered without a promise.
      const known = cachedModelAtRevision(repos, request.model, request.params.revision);
      const card = known && cachedCardData(known.snapshot);
      if (known && card !== undefined) return send(known, card);
      return modelAtRevision(deps, id, request.params.revision, request.model).then(async (at) =>
        send(at, await cardDataOf(repos, at.model.id, at.snapshot)),
      );
    },
  );

  const tree = async (request: { params: TreeParams; query: Record<string, unknown>; url: string }) => {
    const id = modelIdFromParams(request.params);
    const query = request.query ?? {};
    onlyParams(query, ["recursive", "expand", "cursor", "limit"]);
    const recursive = flag("recursive", query.recursive);
    const expand = flag("expand", query.expand);
    const after = decodeTreeCursor(query.cursor);
    const prefix = request.params["*"] ? parseRepoPath(request.params["*"]) : "";
    const { model, commit, snapshot } = await modelAtRevision(deps, id, request.params.revision);
    const { files, folders } = listFolder(snapshot, prefix, recursive);
    if (prefix !== "" && files.length === 0 && folders.length === 0) throw entryNotFound(id, prefix);
    const all = [
      ...folders.map((path) => ({ path, file: null })),
      ...files.map((f) => ({ path: f.path, file: f })),
    ].sort((a, b) => comparePaths(a.path, b.path));
    const start = after === null ? 0 : all.findIndex((e) => comparePaths(e.path, after) > 0);
    const size = expand ? EXPANDED_TREE_PAGE : TREE_PAGE;
    const slice = start < 0 ? [] : all.slice(start, start + size);
    let entries: TreeEntry[] = await Promise.all(
      slice.map(async (e): Promise<TreeEntry> => {
        if (e.file) return fileEntry(e.file);
        return { type: "directory", oid: await repos.treeId(model.id, commit, e.path), size: 0, path: e.path };
      }),
    );
    if (expand) entries = await expanded(repos, model.id, commit, entries);
    const last = slice.at(-1);
    const more = start >= 0 && start + size < all.length && last !== undefined;
    return { entries, next: more ? encodeTreeCursor(last.path) : null };
  };

  for (const url of ["/api/models/:namespace/:name/tree/:revision", "/api/models/:namespace/:name/tree/:revision/*"]) {
    app.get<{ Params: TreeParams; Querystring: Record<string, unknown> }>(url, async (request, reply) => {
      const { entries, next } = await tree(request);
      if (next) reply.header("link", nextPageLink(deps.origin(), request.url, next));
      return entries;
    });
  }

  app.post<{ Params: RevisionParams }>(
    "/api/models/:namespace/:name/paths-info/:revision",
    { bodyLimit: 256 * 1024 },
    async (request) => {
      const id = modelIdFromParams(request.params);
      const { paths, expand } = parsePathsInfoBody(request.body);
      const { model, commit, snapshot } = await modelAtRevision(deps, id, request.params.revision);
      const folders = new Set(listFolder(snapshot, "", true).folders);
      const entries: TreeEntry[] = [];
      for (const path of paths) {
        const file = snapshot.byPath.get(path);
        if (file) entries.push(fileEntry(file));
        else if (folders.has(path)) {
          entries.push({ type: "directory", oid: await repos.treeId(model.id, commit, path), size: 0, path });
        }
      }
      return expand ? expanded(repos, model.id, commit, entries) : entries;
    },
  );

  app.get<{ Params: ModelIdParams; Querystring: Record<string, unknown> }>(
    "/api/models/:namespace/:name/refs",
    async (request) => {
      const id = modelIdFromParams(request.params);
      onlyParams(request.query ?? {}, ["include_prs"]);
      const { model } = await modelAtRevision(deps, id, "HEAD").catch(async (error: unknown) => {
        // A model without any commit has no refs yet, which is an answer, not an error.
        if (error instanceof HubError && error.clientCode === "RevisionNotFound") {
          const found = await deps.getModel(id);
          if (found) return { model: found };
        }
        throw error;
      });
      const refs = (await repos.exists(model.id)) ? await repos.refs(model.id) : { branches: [], tags: [] };
      const shape = (r: { name: string; ref: string; commit: string }) => ({
        name: r.name,
        ref: r.ref,
        targetCommit: r.commit,
      });
      return { branches: refs.branches.map(shape), tags: refs.tags.map(shape), converts: [], pullRequests: [] };
    },
  );

  app.get<{ Params: RevisionParams; Querystring: Record<string, unknown> }>(
    "/api/models/:namespace/:name/commits/:revision",
    async (request, reply) => {
      const id = modelIdFromParams(request.params);
      const query = request.query ?? {};
      onlyParams(query, ["p", "limit", "expand", "expand[]"]);
      const page = pageNumber(query.p);
      const limit = query.limit === undefined ? COMMITS_PAGE : pageNumber(query.limit);
      if (limit < 1 || limit > 1000) throw new HubError("bad_request", 'parameter "limit" must be between 1 and 1000');
      const { model, commit } = await modelAtRevision(deps, id, request.params.revision);
      const { total, commits } = await repos.history(model.id, commit, { skip: page * limit, limit });
      if ((page + 1) * limit < total) {
        const url = new URL(request.url, "http://hub.invalid");
        url.searchParams.set("p", String(page + 1));
        reply.header("link", `<${deps.origin() ?? ""}${url.pathname}${url.search}>; rel="next"`);
      }
      reply.header("x-total-count", String(total));
      return commits.map((c) => ({
        id: c.id,
        authors: [{ user: c.author.name }],
        date: c.date,
        title: c.title,
        message: c.message,
      }));
    },
  );
}
