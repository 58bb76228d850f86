// Opaque page cursors: base64url of [sort, direction, value, seq], plus "before" for the page that ends just before a
// position (the previous page) and "card" for a position among a search's card matches (after the id matches). The sort and direction are inside so a cursor cannot silently continue a different
// ordering.
import { HubError } from "../errors.js";
import { SORT_KEYS, type SortDirection, type SortKey } from "../store/sort-keys.js";
import type { ListPosition } from "../store/store.js";
import { modelIdProblem } from "../validation/model-id.js";

const MAX_CURSOR_LENGTH = 512;

/** Which page a cursor names: the one after its position (next) or the one ending just before it (previous). */
export type CursorSide = "after" | "before";

/** A decoded cursor: a position, and `before` when it names the page ending just before it. */
export type CursorPosition = ListPosition & { before?: true };

/** The cursor text of the page after (or, with "before", ending just before) `position` in the given ordering. */
export function encodeCursor(
  sort: SortKey,
  direction: SortDirection,
  position: ListPosition,
  side: CursorSide = "after",
): string {
  const flags = [...(side === "before" ? ["before"] : []), ...(position.part === "card" ? ["card"] : [])];
  const parts = [sort, direction, position.value, position.seq, ...flags];
  return Buffer.from(JSON.stringify(parts)).toString("base64url");
}

function badCursor(why: string): HubError {
  return new HubError("bad_request", `parameter "cursor": ${why}`);
}

function validValue(sort: SortKey, value: unknown): value is number | string {
  switch (SORT_KEYS[sort].kind) {
    case "count":
      return Number.isSafeInteger(value) && (value as number) >= 0;
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value);
    case "id":
      return typeof value === "string" && modelIdProblem(value) === null;
  }
}

// The flags after the position, in the order encodeCursor writes them, each at most once.
function knownFlags(flags: unknown[]): boolean {
  const expected = ["before", "card"].filter((flag) => flags.includes(flag));
  return flags.length === expected.length && flags.every((flag, i) => flag === expected[i]);
}

/** The position in `text`, which must have been made for this sort and direction; else a 400 naming `cursor`. */
export function decodeCursor(text: string, sort: SortKey, direction: SortDirection): CursorPosition {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) throw badCursor("is not a cursor");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badCursor("is not a cursor");
  }
  if (!Array.isArray(parsed) || parsed.length < 4 || !knownFlags(parsed.slice(4))) throw badCursor("is not a cursor");
  const [cursorSort, cursorDirection, value, seq, ...flags] = parsed as unknown[];
  if (cursorSort !== sort || cursorDirection !== direction) {
    throw badCursor("was made for another sort or direction");
  }
  if (!validValue(sort, value) || !Number.isSafeInteger(seq) || (seq as number) < 0) {
    throw badCursor("is not a cursor");
  }
  return {
    value,
    seq: seq as number,
    ...(flags.includes("card") ? { part: "card" as const } : {}),
    ...(flags.includes("before") ? { before: true as const } : {}),
  };
}
