// GET /api/pipelines and GET /api/tags: values with their number of models, most used first.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { visibilityOf } from "../accounts/access.js";
import { COUNTED_SCHEMA } from "../openapi/json-schemas.js";
import type { Store } from "../store/store.js";
import { expectNoQuery } from "../validation/no-query.js";
import { parseQuery } from "../validation/parse-query.js";
import { integerParam } from "../validation/query-values.js";

/** Tags listed when `limit` is not given. */
export const DEFAULT_TAG_LIMIT = 100;

const TAG_QUERY = z.strictObject({ limit: integerParam(1, 1000).optional() });
const COUNTED_LIST = { schema: { response: { 200: { type: "array", items: COUNTED_SCHEMA } } } };

/** Registers `/api/pipelines` and `/api/tags`. */
export function registerCountRoutes(app: FastifyInstance, deps: { store: Store }): void {
  app.get("/api/pipelines", COUNTED_LIST, async (request) => {
    expectNoQuery(request.query);
    return deps.store.countPipelines(visibilityOf(request.principal));
  });

  app.get("/api/tags", COUNTED_LIST, async (request) => {
    const { limit } = parseQuery(TAG_QUERY, request.query);
    return deps.store.topTags(limit ?? DEFAULT_TAG_LIMIT, visibilityOf(request.principal));
  });
}
