// The body of `paths-info`: the Python client sends a form (`paths` repeated, `expand`), the JS client JSON. At most
// MAX_PATHS paths, each a valid repository path.
import { HubError } from "../errors.js";
import { repoPathProblem } from "../files/paths.js";

/** Most paths one request may ask about. */
export const MAX_PATHS = 1000;

/** The paths and whether to add last commits. */
export function parsePathsInfoBody(body: unknown): { paths: string[]; expand: boolean } {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new HubError("bad_request", "body must be a JSON object or a form with `paths`");
  }
  const { paths, expand } = body as { paths?: unknown; expand?: unknown };
  const list = Array.isArray(paths) ? paths : paths === undefined ? [] : [paths];
  if (list.length === 0) throw new HubError("bad_request", 'field "paths": at least one path is needed');
  if (list.length > MAX_PATHS) throw new HubError("bad_request", `field "paths": at most ${MAX_PATHS} paths`);
  const checked = list.map((path, index) => {
    if (typeof path !== "string") throw new HubError("bad_request", `field "paths[${index}]": must be a string`);
    // The field accepts a trailing slash on folders.
    const clean = path.replace(/\/+$/, "");
    const problem = repoPathProblem(clean);
    if (problem) throw new HubError("bad_request", `field "paths[${index}]": ${problem}`);
    return clean;
  });
  return { paths: checked, expand: expand === true || expand === "true" || expand === "True" || expand === "1" };
}
