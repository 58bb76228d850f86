// Where a model's git repository lives: `<dataDir>/repos/<namespace>/<name>.git`, lowercased. Model ids compare
// case-insensitively, so `Org/Model` and `org/model` are one repository and one directory on every file system.
import { join } from "node:path";
import { HubError } from "../errors.js";
import { modelIdProblem, nameOf, namespaceOf } from "../validation/model-id.js";

/** Folder of all repositories inside the data directory. */
export const REPOS_DIR = "repos";

/** Ending of every repository directory (a bare repository, as git hosts name them). */
export const GIT_DIR_SUFFIX = ".git";

/** The folder holding every model repository under `dataDir`. */
export function reposRoot(dataDir: string): string {
  return join(dataDir, REPOS_DIR);
}

/** The path of model `id`'s repository relative to the repos root: `<namespace>/<name>.git`, lowercased. */
export function repoRelativeDir(id: string): string {
  // Ids that follow the rules hold only [A-Za-z0-9._-] and no `..`: nothing can climb out of the root.
  const problem = modelIdProblem(id);
  if (problem) throw new HubError("bad_request", `invalid model id "${id}": ${problem}`);
  const lower = id.toLowerCase();
  return join(namespaceOf(lower), `${nameOf(lower)}${GIT_DIR_SUFFIX}`);
}

/** The bare git directory of model `id` under `root` (the repos root); the directory may not exist yet. */
export function modelGitDir(root: string, id: string): string {
  return join(root, repoRelativeDir(id));
}
