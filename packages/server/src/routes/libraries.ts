// GET /api/libraries: the registry without its functions, with model counts; `?filter=true` gives the filter list.
import { LIBRARIES, type LibraryEntry } from "@modelhub/snippets";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { LIBRARY_SCHEMA } from "../openapi/json-schemas.js";
import type { Store } from "../store/store.js";
import { parseQuery } from "../validation/parse-query.js";
import { booleanParam } from "../validation/query-values.js";

const QUERY = z.strictObject({ filter: booleanParam.optional() });

/** A registry entry as the API shows it. */
export interface LibraryInfo {
  /** Registry key, the value of `library_name` and of `?library=`. */
  key: string;
  /** Display label. */
  prettyLabel: string;
  /** Repository name. */
  repoName: string;
  /** Repository URL. */
  repoUrl: string;
  /** Docs link, or null. */
  docsUrl: string | null;
  /** Whether the library is offered in the filter list. */
  filter: boolean;
  /** Download-count query, or null. */
  countDownloads: string | null;
  /** Whether the library has load snippets. */
  hasSnippets: boolean;
  /** Number of models with this library. */
  count: number;
}

/** The registry rows with their counts, in registry order; only filter libraries when `filterOnly`. */
export function libraryInfos(counts: Map<string, number>, filterOnly: boolean): LibraryInfo[] {
  return Object.entries(LIBRARIES as Record<string, LibraryEntry>)
    .filter(([, entry]) => !filterOnly || entry.filter)
    .map(([key, entry]) => ({
      key,
      prettyLabel: entry.prettyLabel,
      repoName: entry.repoName,
      repoUrl: entry.repoUrl,
      docsUrl: entry.docsUrl ?? null,
      filter: entry.filter,
      countDownloads: entry.countDownloads ?? null,
      hasSnippets: entry.snippets !== undefined,
      count: counts.get(key) ?? 0,
    }));
}

/** Registers `/api/libraries`. */
export function registerLibraryRoutes(app: FastifyInstance, deps: { store: Store }): void {
  app.get(
    "/api/libraries",
    { schema: { response: { 200: { type: "array", items: LIBRARY_SCHEMA } } } },
    async (request) => {
      const { filter } = parseQuery(QUERY, request.query);
      const counts = new Map((await deps.store.countLibraries()).map((c) => [c.id, c.count]));
      return libraryInfos(counts, filter ?? false);
    },
  );
}
