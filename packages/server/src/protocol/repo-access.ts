// Who may do what with a repository over git and LFS. The accounts module (issue 11) will supply the real check;
// until then every model is public and the admin token is the only writer. Every protocol route asks this one
// interface, so swapping the implementation changes nothing else.
import type { FastifyRequest } from "fastify";
import { tokensEqual } from "../auth/require-admin.js";
import { presentedToken } from "./credentials.js";

/** A caller's right on one repository, weakest first. */
export type RepoRole = "read" | "write" | "admin";

/** What the access check says about one request on one repository. */
export interface RepoGrant {
  /** The caller's role, or null when the caller may not see the repository (to them it does not exist). */
  role: RepoRole | null;
  /** A name for the authenticated caller (git's REMOTE_USER, commit logs), or null when anonymous. */
  user: string | null;
}

/** The access check the protocol routes call. */
export interface RepoAccess {
  /** The grant of `request` on model `id` (whether or not the model exists: callers check that apart). */
  grant(request: FastifyRequest, id: string): Promise<RepoGrant>;
}

/** True when `role` includes `needed` (admin ⊃ write ⊃ read). */
export function roleAllows(role: RepoRole | null, needed: RepoRole): boolean {
  const rank: Record<RepoRole, number> = { read: 1, write: 2, admin: 3 };
  return role !== null && rank[role] >= rank[needed];
}

/** Public reads for everyone, every right for the admin token (Bearer, or Basic with the token as password). */
export function adminTokenAccess(adminToken: string): RepoAccess {
  return {
    async grant(request) {
      const token = presentedToken(request.headers.authorization);
      if (token !== null && tokensEqual(token, adminToken)) return { role: "admin", user: "admin" };
      return { role: "read", user: null };
    },
  };
}
