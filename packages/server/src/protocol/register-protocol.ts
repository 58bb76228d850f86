// The field's repository protocols on the app: git smart HTTP and the Git LFS endpoint. Composition only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BlobStore } from "../blobs/blob-store.js";
import { registerGitSmartHttp } from "./git-smart-http.js";
import { hubOrigin } from "./hub-origin.js";
import { createLfsOwnership, type LfsObjectIndex, type LfsOwnership } from "./lfs-ownership.js";
import { createLfsReferences } from "./lfs-references.js";
import { registerLfsRoutes } from "./lfs-routes.js";
import { createLfsUrlSigner } from "./lfs-url-signer.js";
import { writeHookDir, writeOwnedList } from "./pre-receive-hook.js";
import { pushConfig, pushHookEnv } from "./push-policy.js";
import type { RepoAccess } from "./repo-access.js";

/** Where model repositories live (the repository layer, repos/, satisfies it). */
export interface RepoDirectory {
  /** The bare git directory of model `id` (it may not exist). */
  gitDir(id: string): string;
  /** True when the model has a repository. */
  exists(id: string): Promise<boolean>;
}

/** What the protocols need. */
export interface ProtocolOptions {
  /** The repositories. */
  repos: RepoDirectory;
  /** LFS objects (the hub's blob store). */
  blobs: BlobStore;
  /** The objects each repository's index lists (with its git history: what it owns). */
  lfsIndex: LfsObjectIndex;
  /** Who may read and write. */
  access: RepoAccess;
  /** Secret that LFS action URLs are signed with (the admin token: shared by every worker, stable over restarts). */
  signingSecret: string;
  /** MODELHUB_PUBLIC_URL, when configured: the base of LFS action links. */
  publicUrl?: string | null;
  /** Largest LFS object accepted. */
  maxUploadBytes: number;
  /** Clock. */
  now(): Date;
  /** Told about each LFS download of model `id`'s object `oid` (download counting). */
  onLfsDownload?(id: string, oid: string): void;
  /** True when model `id` has a record (a new model has one before its first commit makes its repository). */
  modelExists?(id: string): Promise<boolean>;
  /** Push support; without it pushes are refused. */
  push?: PushOptions;
  /** Answers a redirect when `id` is a moved model's old id the caller may follow; true when it did. */
  redirect?(request: FastifyRequest, reply: FastifyReply, id: string): Promise<boolean>;
}

/** What accepting git pushes needs. */
export interface PushOptions {
  /** The folder of LFS objects as `ab/cd/<sha256>` (the local blob store's root): pushed pointers must name one. */
  blobsRoot: string;
  /** Largest pack a push may send, in bytes. */
  maxPushBytes: number;
  /** Brings the index up to date with model `id`'s git repository (the step a commit ends with). */
  afterPush(id: string): Promise<void>;
}

/**
 * Registers `/{ns}/{name}[.git]/info/refs`, `/git-upload-pack`, `/git-receive-pack` and `/info/lfs/…`; returns the
 * LFS ownership check, which the JSON commit asks too.
 */
export async function registerProtocol(app: FastifyInstance, options: ProtocolOptions): Promise<LfsOwnership> {
  const { repos } = options;
  const ownership = createLfsOwnership(options.lfsIndex, createLfsReferences(), repos);
  const push = options.push;
  const hooks = push ? await writeHookDir() : null;
  if (hooks) app.addHook("onClose", () => hooks.remove());
  await registerGitSmartHttp(app, {
    gitDir: async (id) => ((await repos.exists(id)) ? repos.gitDir(id) : null),
    access: options.access,
    ...(options.redirect ? { redirect: options.redirect } : {}),
    ...(push && hooks
      ? {
          push: {
            config: (grant) => pushConfig(grant, { ...push, hooksPath: hooks.path }),
            // The hook checks each new pointer against what the repository owns, listed in a file for this push.
            prepare: async (id) => {
              const owned = await writeOwnedList(hooks.path, await ownership.all(id));
              return { env: pushHookEnv({ ...push, hooksPath: hooks.path }, owned.path), done: owned.remove };
            },
            afterPush: push.afterPush,
          },
        }
      : {}),
  });
  await registerLfsRoutes(app, {
    access: options.access,
    blobs: options.blobs,
    signer: createLfsUrlSigner(options.signingSecret),
    // LFS objects go up before the commit that creates a new model's repository.
    repoExists: async (id) => (await repos.exists(id)) || ((await options.modelExists?.(id)) ?? false),
    ownership,
    baseUrl: (request) => hubOrigin(request, options.publicUrl),
    maxUploadBytes: options.maxUploadBytes,
    now: options.now,
    ...(options.onLfsDownload ? { onDownload: options.onLfsDownload } : {}),
    ...(options.redirect ? { redirect: options.redirect } : {}),
  });
  return ownership;
}
