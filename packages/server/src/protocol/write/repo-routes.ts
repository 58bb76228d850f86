// The field's repository management: POST /api/repos/create, REPO_DELETE_BODY /api/repos/delete,
// PUT /api/repos/models/{id}/settings (private on/off) and POST /api/validate-yaml. Namespaces are checked against
// the caller's roles; a private model the caller cannot see is a 404 here as everywhere.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { canRead } from "../../accounts/access.js";
import { repoNotFound, requireNamespaceRole, requireSignedIn } from "../../accounts/access-hooks.js";
import type { Principal } from "../../accounts/principal.js";
import { applyMetadataFile } from "../../card/metadata-files.js";
import { HubError } from "../../errors.js";
import type { FileService } from "../../files/file-service.js";
import { parseRepoPath } from "../../files/paths.js";
import type { PublicOrigin } from "../../http/public-origin.js";
import { completeModel } from "../../models/complete-model.js";
import { DEFAULT_GITATTRIBUTES } from "../../repos/lfs-rules.js";
import type { Store } from "../../store/store.js";
import { modelIdProblem, namespaceOf } from "../../validation/model-id.js";
import { type ModelIdParams, modelIdFromParams } from "../../validation/model-id-params.js";
import { parseBody } from "../../validation/parse-body.js";
import { commitAuthor } from "./commit-author.js";
import { linkOrigin } from "./commit-routes.js";

/** What repository management needs. */
export interface RepoRouteDeps {
  /** Records. */
  store: Store;
  /** Commits and model deletes. */
  files: FileService;
  /** The hub's origin for repository URLs. */
  origin: PublicOrigin;
}

const REPO_TYPE = z.enum(["model"], { message: 'this hub hosts models only (type "model")' }).optional();
/** The body of POST /api/repos/create. */
export const REPO_CREATE_BODY = z.looseObject({
  name: z.string().min(1).max(200),
  organization: z.string().min(1).max(200).nullish(),
  private: z.boolean().nullish(),
  /** The JS client's spelling of `private`. */
  visibility: z.enum(["public", "private"]).optional(),
  type: REPO_TYPE,
  /** Files of the first commit (the JS client's `files`), base64. */
  files: z
    .array(z.looseObject({ path: z.string().min(1).max(1000), content: z.string(), encoding: z.literal("base64") }))
    .max(100)
    .optional(),
});
/** The body of REPO_DELETE_BODY /api/repos/delete. */
export const REPO_DELETE_BODY = z.looseObject({
  name: z.string().min(1).max(200),
  organization: z.string().min(1).max(200).nullish(),
  type: REPO_TYPE,
});
/** The body of PUT /api/repos/models/{id}/settings. */
export const REPO_SETTINGS_BODY = z.looseObject({
  private: z.boolean().optional(),
  gated: z.union([z.literal(false), z.enum(["auto", "manual"])]).optional(),
});
/** The body of POST /api/validate-yaml. */
export const VALIDATE_YAML_BODY = z.looseObject({
  content: z.string().max(1024 * 1024),
  repoType: z.string().optional(),
});

// `organization/name`, or `name` already holding the namespace (the JS client sends the whole id as `name`).
function repoId(name: string, organization: string | null | undefined, caller: string | null): string {
  const id = name.includes("/") ? name : `${organization ?? caller ?? ""}/${name}`;
  const problem = modelIdProblem(id);
  if (problem) throw new HubError("bad_request", `invalid repository id "${id}": ${problem}`);
  return id;
}

function callerName(principal: Principal): string | null {
  if (principal.kind === "user") return principal.user.name;
  return principal.kind === "bootstrap" ? "admin" : null;
}

/** Registers the repository management routes. */
export function registerRepoRoutes(app: FastifyInstance, deps: RepoRouteDeps): void {
  const { store, files } = deps;

  app.post("/api/repos/create", async (request, reply) => {
    requireSignedIn(request, reply);
    const body = parseBody(REPO_CREATE_BODY, request.body);
    const id = repoId(body.name, body.organization, callerName(request.principal));
    requireNamespaceRole(request, reply, namespaceOf(id), "write");
    const existing = await store.getModel(id);
    if (existing) {
      // An existing model the caller cannot see must not show through a 409.
      if (!canRead(request.principal, existing)) {
        throw new HubError("forbidden", `you cannot create "${id}"`);
      }
      // The field answers a 409 with the repository's URL, which huggingface_hub's exist_ok=True reads.
      // Named as stored: ids are case-insensitive, so `id` may differ from it in case only.
      const error = `You already created this model repo: ${existing.id}`;
      const url = `${linkOrigin(deps.origin, request)}/${existing.id}`;
      return reply.status(409).header("x-error-message", error).send({ error, url });
    }
    await store.createModel(completeModel({ id, tags: [] }, { now: new Date() }));
    // The name may be a moved model's old id: it now belongs to this model, no longer to the redirect.
    await store.dropRedirect(id);
    try {
      if (body.private ?? body.visibility === "private") await store.setPrivate(id, true);
      const initial = (body.files ?? []).map((f) => ({
        op: "put" as const,
        path: parseRepoPath(f.path),
        bytes: { data: Buffer.from(f.content, "base64") },
      }));
      // Like the field, a new repository starts with one commit: the .gitattributes that sends weights to LFS.
      await files.commit(id, {
        author: commitAuthor(request.principal),
        title: "initial commit",
        expectedHead: null,
        changes: [
          { op: "put", path: ".gitattributes", bytes: { data: Buffer.from(DEFAULT_GITATTRIBUTES) } },
          ...initial,
        ],
      });
    } catch (error) {
      await files.removeModel(id).catch(() => store.deleteModel(id));
      throw error;
    }
    const url = `${linkOrigin(deps.origin, request)}/${id}`;
    return reply.status(200).send({ url, name: id, id });
  });

  app.delete("/api/repos/delete", async (request, reply) => {
    requireSignedIn(request, reply);
    const body = parseBody(REPO_DELETE_BODY, request.body);
    const id = repoId(body.name, body.organization, callerName(request.principal));
    const model = await store.getModel(id);
    if (!model || !canRead(request.principal, model)) throw repoNotFound(id);
    requireNamespaceRole(request, reply, model.author, "admin");
    if (!(await files.removeModel(id))) throw repoNotFound(id);
    return reply.status(200).send({});
  });

  // huggingface_hub sends PUT /api/models/{id}/settings; the field also documents /api/repos/models/{id}/settings.
  for (const url of ["/api/repos/models/:namespace/:name/settings", "/api/models/:namespace/:name/settings"]) {
    app.put<{ Params: ModelIdParams }>(url, { config: { access: "admin" } }, async (request) => {
      const id = modelIdFromParams(request.params);
      const body = parseBody(REPO_SETTINGS_BODY, request.body);
      if (body.gated !== undefined && body.gated !== false) {
        throw new HubError("bad_request", "gated models are not supported by this hub");
      }
      if (body.private !== undefined && !(await store.setPrivate(id, body.private))) throw repoNotFound(id);
      const model = await store.getModel(id);
      return { private: model?.private === true, gated: false };
    });
  }

  app.post("/api/validate-yaml", async (request) => {
    const body = parseBody(VALIDATE_YAML_BODY, request.body);
    try {
      applyMetadataFile({ id: "check/readme", tags: [] }, "README.md", body.content);
    } catch (error) {
      throw new HubError("bad_request", error instanceof Error ? error.message : String(error));
    }
    return { errors: [], warnings: [] };
  });
}
