// `GET /api/models/{id}/compare/{a}..{b}`: what changed from revision `a` to revision `b` (branches, tags or commit
// ids), as git's own diff (`git diff a b`, LFS files showing their pointers), in plain text.
import type { FastifyInstance } from "fastify";
import { HubError } from "../errors.js";
import { revisionProblem } from "../repos/revision.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";
import { onlyParams } from "./info-query.js";
import { type RevisionDeps, repoNotFound, revisionNotFound } from "./repo-revision.js";

/** The two revisions of `a..b`; a 400 naming the problem otherwise (revision names never hold ".."). */
export function parseCompareRange(range: string): { from: string; to: string } {
  const parts = range.split("..");
  if (parts.length !== 2) throw new HubError("bad_request", `"${range}" is not a range: use {revision}..{revision}`);
  const [from = "", to = ""] = parts;
  for (const revision of [from, to]) {
    const problem = revisionProblem(revision);
    if (problem) throw new HubError("bad_request", `invalid revision "${revision}": ${problem}`);
  }
  return { from, to };
}

/** Registers the compare route. */
export function registerCompareRoute(app: FastifyInstance, deps: RevisionDeps): void {
  app.get<{ Params: ModelIdParams & { "*": string }; Querystring: Record<string, unknown> }>(
    "/api/models/:namespace/:name/compare/*",
    async (request, reply) => {
      const id = modelIdFromParams(request.params);
      onlyParams(request.query ?? {}, []);
      const { from, to } = parseCompareRange(request.params["*"]);
      const model = await deps.getModel(id);
      if (!model) throw repoNotFound(id);
      const [a, b] = await Promise.all([deps.repos.resolve(model.id, from), deps.repos.resolve(model.id, to)]);
      if (a === null) throw revisionNotFound(id, from);
      if (b === null) throw revisionNotFound(id, to);
      return reply.type("text/plain; charset=utf-8").send(deps.repos.diff(model.id, a, b));
    },
  );
}
