// The field's write protocol on the app: repository management and commits. Composition only.
import type { FastifyInstance } from "fastify";
import { type CommitRouteDeps, registerCommitRoutes } from "./commit-routes.js";
import { registerMoveRoute } from "./move-route.js";
import { registerRepoRoutes } from "./repo-routes.js";

/** Registers `/api/repos/*` (create, delete, settings, move), `/api/validate-yaml`, preupload and commit. */
export async function registerWriteProtocol(app: FastifyInstance, deps: CommitRouteDeps): Promise<void> {
  registerRepoRoutes(app, deps);
  registerMoveRoute(app, deps);
  await registerCommitRoutes(app, deps);
}
