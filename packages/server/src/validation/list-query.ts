// The query parameters of `GET /api/models`.
import { z } from "zod";
import { HubError } from "../errors.js";
import { decodeCursor } from "../pagination/cursor.js";
import { expandValues, flag } from "../protocol/info-query.js";
import { SORT_KEY_NAMES, type SortKey } from "../store/sort-keys.js";
import type { ListPosition, ListQuery } from "../store/store.js";
import { nameProblem } from "./input-limits.js";
import { LIST_DIRECTIONS } from "./list-params.js";
import { parseQuery } from "./parse-query.js";
import { integerParam, textFilter } from "./query-values.js";

/** Largest page. */
export const MAX_LIMIT = 1000;
/** Page size when `limit` is not given. */
export const DEFAULT_LIMIT = 30;
/** Most tags one `filter` may require. */
export const MAX_FILTER_TAGS = 20;

/** The parameters as they arrive, before the cursor is decoded. */
export const listQuerySchema = z.strictObject({
  search: textFilter(200),
  author: textFilter(200),
  library: textFilter(200),
  pipeline_tag: textFilter(200),
  filter: z
    .string()
    .max(2_000)
    .refine((value) => nameProblem(value) === null, "may not hold control characters")
    .transform((value) =>
      value
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).max(MAX_FILTER_TAGS, `must hold at most ${MAX_FILTER_TAGS} tags`))
    .optional(),
  sort: z.enum(SORT_KEY_NAMES as [SortKey, ...SortKey[]], `must be one of ${SORT_KEY_NAMES.join(", ")}`).optional(),
  direction: z.enum(LIST_DIRECTIONS, "must be -1 or 1").optional(),
  limit: integerParam(1, MAX_LIMIT).optional(),
  cursor: z.string().optional(),
});

/** What the field's clients ask to add to each row: `expand` values, `full`, `config`, `cardData`. */
export interface ListExtras {
  /** Fields to add (unknown ones are ignored). */
  expand: string[];
  /** `full=true`: siblings, sha and the rest of the record. */
  full: boolean;
  /** `config=true` (`fetch_config`): the config. */
  config: boolean;
  /** `cardData=true`: the README front matter. */
  cardData: boolean;
}

// The parameters the field's clients add to a list request, taken out before the strict check of the others.
function takeExtras(raw: unknown): { rest: Record<string, unknown>; extras: ListExtras } {
  const rest: Record<string, unknown> = { ...((raw ?? {}) as Record<string, unknown>) };
  const take = (name: string): unknown => {
    const value = rest[name];
    delete rest[name];
    return value;
  };
  const expandQuery = { expand: take("expand"), "expand[]": take("expand[]") };
  const extras: ListExtras = {
    expand: expandValues(expandQuery),
    full: flag("full", take("full")),
    config: flag("config", take("config")) || flag("fetch_config", take("fetch_config")),
    cardData: flag("cardData", take("cardData")),
  };
  // The Python client sends several tags as repeated `filter` parameters.
  if (Array.isArray(rest.filter) && rest.filter.every((f) => typeof f === "string"))
    rest.filter = rest.filter.join(",");
  return { rest, extras };
}

/** A list request: the store query, and whether its cursor names the page before `query.after` (not after it). */
export interface ListRequest {
  /** Fields to add to each row. */
  extras: ListExtras;
  /** The query; with `before`, `after` is where the wanted page ends. */
  query: ListQuery;
  /** True for a previous-page cursor. */
  before: boolean;
}

function cardPart(position: ListPosition): Pick<ListPosition, "part"> {
  return position.part === "card" ? { part: "card" } : {};
}

/** The list request of a `GET /api/models` query string; a 400 naming the parameter when one is bad. */
export function parseListRequest(raw: unknown): ListRequest {
  const { rest, extras } = takeExtras(raw);
  const params = parseQuery(listQuerySchema, rest);
  const sort = params.sort ?? "downloads";
  const direction = params.direction === "1" ? 1 : -1;
  const cursor = params.cursor === undefined ? undefined : decodeCursor(params.cursor, sort, direction);
  const query: ListQuery = {
    ...(params.search === undefined ? {} : { search: params.search }),
    ...(params.author === undefined ? {} : { author: params.author }),
    ...(params.library === undefined ? {} : { library: params.library }),
    ...(params.pipeline_tag === undefined ? {} : { pipelineTag: params.pipeline_tag }),
    tags: params.filter ?? [],
    sort,
    direction,
    limit: params.limit ?? DEFAULT_LIMIT,
    ...(cursor === undefined ? {} : { after: { value: cursor.value, seq: cursor.seq, ...cardPart(cursor) } }),
  };
  return { query, before: cursor?.before === true, extras };
}

/** The store query of a `GET /api/models` query string (a next-page cursor or none); a 400 when one is bad. */
export function parseListQuery(raw: unknown): ListQuery {
  const { query, before } = parseListRequest(raw);
  if (before) throw new HubError("bad_request", 'parameter "cursor": names a previous page, not accepted here');
  return query;
}
