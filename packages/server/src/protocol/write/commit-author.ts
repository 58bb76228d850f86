// Who a commit made through the API is by: the signed-in user, or the hub for the bootstrap administrator.
import type { Principal } from "../../accounts/principal.js";
import { HUB_AUTHOR } from "../../files/file-service.js";
import type { CommitPerson } from "../../repos/model-repos.js";

/** The commit author of `principal`. */
export function commitAuthor(principal: Principal): CommitPerson {
  if (principal.kind !== "user") return HUB_AUTHOR;
  return { name: principal.user.name, email: `${principal.user.name}@users.noreply.modelhub` };
}
