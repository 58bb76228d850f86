// POST /api/models/{id}/preupload/{rev} (regular or LFS per file, as the field decides) and
// POST /api/models/{id}/commit/{rev} (the NDJSON commit): one git commit on `main`, compare-and-swap on
// parentCommit (412 when the branch moved), all or nothing, the record refreshed in the same step.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { BlobStore } from "../../blobs/blob-store.js";
import { HubError } from "../../errors.js";
import type { FileService } from "../../files/file-service.js";
import type { PublicOrigin } from "../../http/public-origin.js";
import { isLfsFile } from "../../repos/lfs-rules.js";
import { MAIN_BRANCH, type ModelRepos } from "../../repos/model-repos.js";
import type { Store } from "../../store/store.js";
import { type ModelIdParams, modelIdFromParams } from "../../validation/model-id-params.js";
import { parseBody } from "../../validation/parse-body.js";
import type { LfsOwnership } from "../lfs-ownership.js";
import { commitAuthor } from "./commit-author.js";
import { prepareChanges } from "./commit-changes.js";
import { parseCommitPayload } from "./commit-payload.js";

/** Largest NDJSON commit body (base64 files inline; large files go through LFS instead). */
export const MAX_COMMIT_BODY_BYTES = 256 * 1024 * 1024;

/** What the write protocol needs. */
export interface CommitRouteDeps {
  /** Records and file lists. */
  store: Store;
  /** Commits (indexed). */
  files: FileService;
  /** The repositories (revision checks). */
  repos: ModelRepos;
  /** LFS objects. */
  blobs: BlobStore;
  /** Largest file. */
  maxUploadBytes: number;
  /** The hub's origin for the commit URL. */
  origin: PublicOrigin;
  /** Which LFS objects a repository owns: a pointer may name only those. */
  ownership: LfsOwnership;
}

type RevParams = ModelIdParams & { rev: string };

/** The body of POST /api/models/{id}/preupload/{rev}. */
export const PREUPLOAD_BODY = z.looseObject({
  files: z
    .array(
      z.looseObject({ path: z.string().min(1).max(1000), sample: z.string().max(4096), size: z.number().int().min(0) }),
    )
    .max(1000),
  gitIgnore: z.string().max(100_000).optional(),
});

/** The origin links in answers use: the configured one, else the one the client reached (answered to it alone). */
export function linkOrigin(origin: PublicOrigin, request: FastifyRequest): string {
  return origin() ?? `${request.protocol}://${request.host}`;
}

// Commits go to main; another existing revision is refused, an unknown one is RevisionNotFound.
async function checkBranch(repos: ModelRepos, id: string, rev: string): Promise<void> {
  if (rev === MAIN_BRANCH) return;
  if ((await repos.resolve(id, rev).catch(() => null)) === null) {
    throw new HubError("not_found", `revision "${rev}" not found`, "RevisionNotFound");
  }
  throw new HubError("bad_request", `this hub commits to "${MAIN_BRANCH}" only, not "${rev}"`);
}

/** Registers the preupload and commit routes. */
export async function registerCommitRoutes(app: FastifyInstance, deps: CommitRouteDeps): Promise<void> {
  const write = { config: { access: "write" as const } };

  app.post<{ Params: RevParams }>("/api/models/:namespace/:name/preupload/:rev", write, async (request) => {
    const id = modelIdFromParams(request.params);
    await checkBranch(deps.repos, id, request.params.rev);
    const body = parseBody(PREUPLOAD_BODY, request.body);
    const current = new Map(((await deps.store.listFiles(id)) ?? []).map((f) => [f.path, f]));
    return {
      files: body.files.map((file) => {
        const lfs = isLfsFile(file.path, file.size);
        const existing = current.get(file.path);
        // The client skips a file whose oid it already has: the sha256 for LFS files, the git blob id otherwise.
        const oid = existing && existing.lfs === lfs ? (lfs ? existing.sha256 : existing.oid) : undefined;
        return { path: file.path, uploadMode: lfs ? "lfs" : "regular", shouldIgnore: false, ...(oid ? { oid } : {}) };
      }),
    };
  });

  await app.register(async (scope) => {
    // The body is read as text and parsed line by line (some clients label it application/json).
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      ["application/x-ndjson", "application/json"],
      { parseAs: "string", bodyLimit: MAX_COMMIT_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post<{ Params: RevParams }>(
      "/api/models/:namespace/:name/commit/:rev",
      { ...write, bodyLimit: MAX_COMMIT_BODY_BYTES },
      async (request, reply) => {
        const id = modelIdFromParams(request.params);
        await checkBranch(deps.repos, id, request.params.rev);
        if (typeof request.body !== "string") throw new HubError("bad_request", "the commit body must be NDJSON");
        const payload = parseCommitPayload(request.body, deps.maxUploadBytes);
        const files = (await deps.store.listFiles(id)) ?? [];
        const pointers = payload.operations.flatMap((op) => (op.kind === "lfsFile" ? [op.oid] : []));
        const owned = pointers.length > 0 ? await deps.ownership.owned(id, pointers) : new Set<string>();
        const prepared = await prepareChanges(payload.operations, files, deps.blobs, owned).catch(async (error) => {
          for (const sha256 of (error as { written?: string[] }).written ?? []) await deps.files.release(sha256);
          throw error;
        });
        let result: Awaited<ReturnType<FileService["commit"]>>;
        try {
          result = await deps.files.commit(id, {
            author: commitAuthor(request.principal),
            title: payload.summary,
            ...(payload.description ? { description: payload.description } : {}),
            changes: prepared.changes,
            ...(payload.parentCommit ? { expectedHead: payload.parentCommit } : {}),
          });
        } catch (error) {
          for (const sha256 of prepared.written) await deps.files.release(sha256);
          throw error;
        }
        const commitUrl = `${linkOrigin(deps.origin, request)}/${id}/commit/${result.commit}`;
        reply.header("cache-control", "no-store");
        return { success: true, commitOid: result.commit, commitUrl, pullRequestUrl: null, hookOutput: "" };
      },
    );
  });
}
