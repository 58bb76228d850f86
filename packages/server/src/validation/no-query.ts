import { z } from "zod";
import { parseQuery } from "./parse-query.js";

const NONE = z.strictObject({});

/** Refuses any query parameter, for routes that take none. */
export function expectNoQuery(query: unknown): void {
  parseQuery(NONE, query);
}
