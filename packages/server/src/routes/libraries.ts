// GET /api/libraries: the registry without its functions, with model counts; `?filter=true` gives the filter list.
import { LIBRARY_FACTS, type LibraryFacts } from "@modelhub/snippets";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { visibilityOf } from "../accounts/access.js";
import { LIBRARY_SCHEMA } from "../openapi/json-schemas.js";
import type { Store } from "../store/store.js";
import { parseQuery } from "../validation/parse-query.js";
import { booleanParam } from "../validation/query-values.js";

const QUERY = z.strictObject({ filter: booleanParam.optional() });

/** A registry entry as the API shows it: the engine's facts plus the number of models with the library. */
export interface LibraryInfo extends LibraryFacts {
  /** Number of models with this library. */
  count: number;
}

/** The registry rows with their counts, in registry order; only filter libraries when `filterOnly`. */
export function libraryInfos(counts: Map<string, number>, filterOnly: boolean): LibraryInfo[] {
  return LIBRARY_FACTS.filter((facts) => !filterOnly || facts.filter).map((facts) => ({
    ...facts,
    count: counts.get(facts.key) ?? 0,
  }));
}

/** Registers `/api/libraries`. */
export function registerLibraryRoutes(app: FastifyInstance, deps: { store: Store }): void {
  app.get(
    "/api/libraries",
    { schema: { response: { 200: { type: "array", items: LIBRARY_SCHEMA } } } },
    async (request) => {
      const { filter } = parseQuery(QUERY, request.query);
      const counts = new Map(
        (await deps.store.countLibraries(visibilityOf(request.principal))).map((c) => [c.id, c.count]),
      );
      return libraryInfos(counts, filter ?? false);
    },
  );
}
