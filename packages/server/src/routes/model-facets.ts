// GET /api/model-facets: the total and facet counts beside a filtered model list (the same filters as /api/models).
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { visibilityOf } from "../accounts/access.js";
import type { ListFilters, Store } from "../store/store.js";
import { listQuerySchema } from "../validation/list-query.js";
import { parseQuery } from "../validation/parse-query.js";
import { integerParam } from "../validation/query-values.js";

/** Tags counted when `tags_limit` is not given. */
export const DEFAULT_FACET_TAGS = 30;

const FACETS_QUERY = listQuerySchema
  .pick({ search: true, author: true, library: true, pipeline_tag: true, filter: true })
  .extend({ tags_limit: integerParam(1, 200).optional() });

/** The store filters of a facets query string; a 400 naming the parameter when one is bad. */
export function parseFacetsQuery(raw: unknown): { filters: ListFilters; tagLimit: number } {
  const params = parseQuery(FACETS_QUERY, raw) as z.output<typeof FACETS_QUERY>;
  return {
    filters: {
      ...(params.search === undefined ? {} : { search: params.search }),
      ...(params.author === undefined ? {} : { author: params.author }),
      ...(params.library === undefined ? {} : { library: params.library }),
      ...(params.pipeline_tag === undefined ? {} : { pipelineTag: params.pipeline_tag }),
      tags: params.filter ?? [],
    },
    tagLimit: params.tags_limit ?? DEFAULT_FACET_TAGS,
  };
}

/** Registers `/api/model-facets`. */
export function registerModelFacetRoutes(app: FastifyInstance, deps: { store: Store }): void {
  app.get("/api/model-facets", async (request) => {
    const { filters, tagLimit } = parseFacetsQuery(request.query);
    return deps.store.listTotals({ ...filters, visibility: visibilityOf(request.principal) }, tagLimit);
  });
}
