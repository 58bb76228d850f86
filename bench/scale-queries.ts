// The requests the scale benchmark times: which list queries (drawn from a sample of the catalog) and how they are
// timed (sequential requests after a warm-up; cursor chains followed through their `Link` headers).
import type { ModelRecord } from "@modelhub/snippets";
import { keepAliveAgent, send } from "./http-client.js";
import { type Random, seededRandom } from "./random.js";

/** The kinds of list request, in the order of the results table. */
export const QUERY_KINDS = ["unfiltered", "libraryTask", "tag", "search", "deepPages"] as const;

/** A kind of list request. */
export type QueryKind = (typeof QUERY_KINDS)[number];

/** How each kind is described in RESULTS.md. */
export const QUERY_LABELS: Record<QueryKind, string> = {
  unfiltered: "unfiltered list, sorted by downloads",
  libraryTask: "library + task filter, sorted by downloads",
  tag: "tag filter, sorted by downloads",
  search: "id substring search (distinct terms of 3–8 chars; 1 in 10 matches nothing)",
  deepPages: 'deep cursor pages, followed through `Link: rel="next"`',
};

/** Request paths per timed kind (deep pages start from `deepStarts`). */
export interface QueryPlan {
  /** Paths of each kind except deep pages: the warm-up's first, then the timed ones. */
  paths: Record<Exclude<QueryKind, "deepPages">, string[]>;
  /** The totals beside the search list (`/api/model-facets`), one per timed search term, in the same order. */
  searchTotals: string[];
  /** First pages of the cursor chains. */
  deepStarts: string[];
}

const LIST = "/api/models?";
const NO_MATCH_LETTERS = "qxzj";

function query(params: Record<string, string>): string {
  return LIST + new URLSearchParams(params).toString();
}

// A substring of a real id, so it matches at least that model; long ids give rarer terms.
function idSubstring(random: Random, id: string): string {
  const length = Math.min(id.length, 3 + random.int(6));
  const start = random.int(id.length - length + 1);
  return id.slice(start, start + length);
}

function noMatchTerm(random: Random): string {
  return Array.from({ length: 4 + random.int(3) }, () => NO_MATCH_LETTERS[random.int(NO_MATCH_LETTERS.length)]).join(
    "",
  );
}

// `count` distinct search terms: a substring of a sampled id, or (one in 10) a term no id holds. Distinct, so no
// timed search is answered from the hub's list cache.
function searchTerms(random: Random, sample: readonly ModelRecord[], count: number): string[] {
  const terms = new Set<string>();
  while (terms.size < count) {
    terms.add(terms.size % 10 === 9 ? noMatchTerm(random) : idSubstring(random, random.pick(sample).id));
  }
  return [...terms];
}

/**
 * `count` requests of each kind drawn from `sample` (records spread over the catalog): library + task pairs and tags
 * as often as the catalog has them, plus tags picked uniformly among the distinct ones so rare tags are timed too.
 * The first `warmup` of each kind are the warm-up's (searches: other terms than the timed ones).
 */
export function queryPlan(sample: readonly ModelRecord[], count: number, warmup: number, seed = 6): QueryPlan {
  const random = seededRandom(seed);
  const terms = searchTerms(random, sample, warmup + count);
  const withBoth = sample.filter((m) => m.library_name && m.pipeline_tag);
  const distinctTags = [...new Set(sample.flatMap((m) => m.tags))].sort();
  const times = <T>(make: (i: number) => T) => Array.from({ length: warmup + count }, (_, i) => make(i));
  const sort = { sort: "downloads" };
  return {
    paths: {
      unfiltered: times(() => query(sort)),
      libraryTask: times(() => {
        const m = random.pick(withBoth);
        // One pair in five crosses two records, so rare and empty combinations are timed too.
        const task = random.chance(0.2) ? random.pick(withBoth).pipeline_tag : m.pipeline_tag;
        return query({ library: m.library_name ?? "", pipeline_tag: task ?? "", ...sort });
      }),
      tag: times(() => {
        const tag = random.chance(0.5) ? random.pick(random.pick(sample).tags) : random.pick(distinctTags);
        return query({ filter: tag, ...sort });
      }),
      search: terms.map((search) => query({ search, ...sort })),
    },
    searchTotals: terms.slice(warmup).map((search) => `/api/model-facets?${new URLSearchParams({ search })}`),
    deepStarts: [
      query({ sort: "downloads", limit: "100" }),
      query({ sort: "likes", limit: "100" }),
      query({ sort: "lastModified", limit: "100" }),
      query({ sort: "createdAt", direction: "1", limit: "100" }),
      query({ library: "transformers", sort: "downloads", limit: "100" }),
      query({ filter: "en", sort: "downloads", limit: "100" }),
    ],
  };
}

// One keep-alive connection, as a client paging through the list holds. node:http rather than fetch: fetch's own
// cost per request (about 4 ms here) was larger than most of the hub's answers. It asks for compressed bodies, as
// fetch, browsers and the Python clients do, so the hub's compression is part of each time.
const agent = keepAliveAgent(1);
const ACCEPT = { "accept-encoding": "br, gzip, deflate" };

async function timedGet(url: string): Promise<{ ms: number; next: string | null }> {
  const start = performance.now();
  const res = await send(agent, "GET", url, { headers: ACCEPT });
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${res.body.toString().slice(0, 200)}`);
  const link = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ""));
  return { ms, next: link ? (link[1] as string) : null };
}

/** Milliseconds of each request of `paths` against `base`, one at a time, after the first `warmup` (untimed). */
export async function timeRequests(base: string, paths: readonly string[], warmup: number): Promise<number[]> {
  for (const path of paths.slice(0, warmup)) await timedGet(base + path);
  const out: number[] = [];
  for (const path of paths.slice(warmup)) out.push((await timedGet(base + path)).ms);
  return out;
}

/** Follows each chain from `starts` through `pages` pages and returns the times of the pages after the first `skip`. */
export async function timeDeepPages(
  base: string,
  starts: readonly string[],
  pages: number,
  skip: number,
): Promise<number[]> {
  const out: number[] = [];
  for (const start of starts) {
    let url: string | null = base + start;
    let page = 0;
    while (page < pages && url) {
      const { ms, next }: { ms: number; next: string | null } = await timedGet(url);
      page++;
      if (page > skip) out.push(ms);
      url = next;
    }
    if (page < pages) throw new Error(`${start}: the chain ended at page ${page}, before page ${pages}`);
  }
  return out;
}
