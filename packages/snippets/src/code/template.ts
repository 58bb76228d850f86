// Snippet text fixed when the module loads, with holes for the values that change from model to model.
//
// Why: a snippet built per page view with `lines(...)` makes one string per line and V8 copies the whole tree of
// them when the text is first read; most of those lines are constants. A template builds its text once, from the
// same `lines(...)` source, and a call only joins the fixed text with the values (one concatenation per hole).
// Values are code already: each is escaped by the caller through this module (`pyStr`, `shQuote`, …).

/** A hole of a template's text: written into it with `${hole}`, never passed to an escaper (it is no value). */
export class Hole {
  /** The marker written in the text while the template is built. */
  readonly #marker: string;
  constructor(index: number) {
    this.#marker = `${MARK}${String.fromCharCode(FIRST_INDEX + index)}`;
  }
  /** The marker, so `${hole}` writes it. */
  toString(): string {
    return this.#marker;
  }
}

// A marker is NUL (no constant of a snippet holds one) and a digit-like character telling the hole's index. Both are
// Latin-1, so the text stays a one-byte string: a two-byte marker would make every snippet built from it two-byte,
// twice the memory to copy when the snippet is read.
const MARK = "\0";
const FIRST_INDEX = 0x30;
const MAX_HOLES = 32;

/** A template's text between its holes, and which value fills each hole, in order. */
interface Compiled {
  parts: string[];
  order: number[];
}

function compile(build: (...holes: Hole[]) => string, count: number): Compiled {
  if (count > MAX_HOLES) throw new Error(`template: ${count} holes, at most ${MAX_HOLES}`);
  const holes = Array.from({ length: count }, (_, index) => new Hole(index));
  const text = build(...holes);
  const parts: string[] = [];
  const order: number[] = [];
  let start = 0;
  for (let at = text.indexOf(MARK); at !== -1; at = text.indexOf(MARK, start)) {
    const index = text.charCodeAt(at + 1) - FIRST_INDEX;
    if (!(index >= 0 && index < count)) throw new Error("template: a marker in the text that is no hole");
    parts.push(text.slice(start, at));
    order.push(index);
    start = at + 2;
  }
  parts.push(text.slice(start));
  for (let index = 0; index < count; index++) {
    if (!order.includes(index)) throw new Error(`template: hole ${index} is not written in the text`);
  }
  return { parts, order };
}

/**
 * The snippet text `build` writes, as a function of its holes' values: `build` runs once, now, with a Hole for
 * each of its parameters (every one must be written into the text, with `${hole}`); each call returns the same
 * text with the values in the holes. The values must be code already (escaped by the caller).
 */
export function template<H extends Hole[]>(
  build: (...holes: H) => string,
): (...values: { [K in keyof H]: string }) => string {
  const { parts, order } = compile(build as (...holes: Hole[]) => string, build.length);
  const [first = "", second = "", third = "", fourth = ""] = parts;
  // Up to three holes, each written once and in order (most templates): no rest array and no loop on each call.
  if (order.every((hole, i) => hole === i)) {
    if (order.length === 1) return ((a: string) => first + a + second) as never;
    if (order.length === 2) return ((a: string, b: string) => first + a + second + b + third) as never;
    if (order.length === 3)
      return ((a: string, b: string, c: string) => first + a + second + b + third + c + fourth) as never;
  }
  return ((...values: string[]) => {
    let out = first;
    for (let i = 0; i < order.length; i++) out += (values[order[i] as number] as string) + (parts[i + 1] as string);
    return out;
  }) as never;
}
