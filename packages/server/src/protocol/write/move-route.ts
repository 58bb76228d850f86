// POST /api/repos/move in the field's shape (`{fromRepo, toRepo, type}`, what huggingface_hub's move_repo sends):
// renames or transfers a model. The caller needs the admin role on the model's namespace (as for deleting it) and
// the write role on the target namespace (as for creating there). A case-only rename is allowed: ids compare
// case-insensitively, so it only changes how the id is spelled. The old id then redirects (see model-redirects.ts).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { canRead } from "../../accounts/access.js";
import { repoNotFound, requireNamespaceRole, requireSignedIn } from "../../accounts/access-hooks.js";
import { HubError } from "../../errors.js";
import type { FileService } from "../../files/file-service.js";
import type { PublicOrigin } from "../../http/public-origin.js";
import type { Store } from "../../store/store.js";
import { modelIdProblem, namespaceOf } from "../../validation/model-id.js";
import { parseBody } from "../../validation/parse-body.js";
import { linkOrigin } from "./commit-routes.js";

/** What the move route needs. */
export interface MoveRouteDeps {
  /** Records. */
  store: Store;
  /** The move itself (record, redirect and repository under the models' write locks). */
  files: FileService;
  /** The hub's origin for the answer's URL. */
  origin: PublicOrigin;
}

/** The body of POST /api/repos/move. */
export const REPO_MOVE_BODY = z.looseObject({
  fromRepo: z.string().min(1).max(200),
  toRepo: z.string().min(1).max(200),
  type: z.enum(["model"], { message: 'this hub hosts models only (type "model")' }).optional(),
});

function checkedId(field: string, id: string): string {
  const problem = modelIdProblem(id);
  if (problem) throw new HubError("bad_request", `field "${field}": invalid repository id "${id}": ${problem}`);
  return id;
}

/** Registers `POST /api/repos/move`. */
export function registerMoveRoute(app: FastifyInstance, deps: MoveRouteDeps): void {
  app.post("/api/repos/move", async (request, reply) => {
    requireSignedIn(request, reply);
    const body = parseBody(REPO_MOVE_BODY, request.body);
    const from = checkedId("fromRepo", body.fromRepo);
    const to = checkedId("toRepo", body.toRepo);
    const model = await deps.store.getModel(from);
    if (!model || !canRead(request.principal, model)) throw repoNotFound(from);
    requireNamespaceRole(request, reply, model.author, "admin");
    if (to === model.id) throw new HubError("bad_request", `"${from}" is already named "${to}"`);
    requireNamespaceRole(request, reply, namespaceOf(to), "write");
    const taken = await deps.store.getModel(to);
    if (taken && taken.id.toLowerCase() !== model.id.toLowerCase()) {
      throw new HubError("conflict", `model "${taken.id}" already exists`);
    }
    if (!(await deps.files.move(model.id, to))) throw repoNotFound(from);
    return reply.status(200).send({ url: `${linkOrigin(deps.origin, request)}/${to}`, id: to });
  });
}
