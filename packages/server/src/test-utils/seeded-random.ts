// A small seeded pseudo-random source for property tests: the same seed draws the same catalog and queries on every
// machine, so a failing case is reproduced by its seed.

/** Uniform draws from a seeded stream. */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One of `items`, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** One of `items`, the first ones far more often (weight 1 / rank^skew). */
  skewed<T>(items: readonly T[], skew?: number): T;
}

/** A stream seeded with `seed`: a Weyl sequence through MurmurHash3's finalizer (fast, well mixed). */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[int(items.length)] as T;
  };
  // The running sums of the weights 1 / rank^skew, by list length and skew.
  const sums = new Map<string, number[]>();
  const skewed = <T>(items: readonly T[], skew = 1.1): T => {
    const key = `${items.length} ${skew}`;
    let cumulative = sums.get(key);
    if (!cumulative) {
      let total = 0;
      cumulative = items.map((_, i) => (total += 1 / (i + 1) ** skew));
      sums.set(key, cumulative);
    }
    const x = next() * (cumulative.at(-1) ?? 0);
    const i = cumulative.findIndex((sum) => x < sum);
    return i < 0 ? pick(items) : (items[i] as T);
  };
  return { next, int, chance: (p) => next() < p, pick, skewed };
}
