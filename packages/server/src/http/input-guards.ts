// Installs the validation layer of validation/input-limits.ts on every route: the raw query string is checked before
// routing (so a name a query parser would drop, `__proto__`, is still seen), and JSON bodies are parsed by
// JSON.parse and checked iteratively before any route's schema or recursive code walks them.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HubError } from "../errors.js";
import { jsonProblem, queryProblem } from "../validation/input-limits.js";

function parseCheckedJson(_request: FastifyRequest, body: string | Buffer): unknown {
  const text = typeof body === "string" ? body : body.toString("utf8");
  if (text.trim() === "") throw new HubError("bad_request", "body is empty: send a JSON value");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HubError("bad_request", `body is not valid JSON (${(error as Error).message})`);
  }
  const problem = jsonProblem(value);
  if (problem) throw new HubError("bad_request", problem);
  return value;
}

/** Refuses hostile query strings and JSON bodies on every route of `app` with a 400 naming the parameter or field. */
export function registerInputGuards(app: FastifyInstance): void {
  // A callback hook (every request runs it; most have no query string and pass at once).
  app.addHook("onRequest", (request, _reply, done) => {
    const start = request.url.indexOf("?");
    const problem = start === -1 ? null : queryProblem(request.url.slice(start + 1));
    done(problem ? new HubError("bad_request", problem) : undefined);
  });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    try {
      done(null, parseCheckedJson(request, body));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
