// A seeded pseudo-random source and the samplers the synthetic catalog draws from. Seeded, so a catalog of N models
// is the same file on every machine and every run: figures stay comparable across runs.

/** A seeded source of uniform numbers in [0, 1). */
export interface Random {
  /** The next uniform number in [0, 1). */
  next(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of `items`, uniformly. */
  pick<T>(items: readonly T[]): T;
}

/** A Random seeded with `seed` (sfc32: fast, 128-bit state, good enough statistics for test data). */
export function seededRandom(seed: number): Random {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of a fresh state still show the constants; discard them.
  for (let i = 0; i < 15; i++) next();
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[int(items.length)] as (typeof items)[number];
    },
  };
}

/** Draws one value of a weighted table. */
export type WeightedSampler<T> = (random: Random) => T;

/** A sampler of `rows` ([value, weight] pairs): each value comes up in proportion to its weight. */
export function weighted<T>(rows: ReadonlyArray<readonly [T, number]>): WeightedSampler<T> {
  if (rows.length === 0) throw new Error("weighted table is empty");
  const cumulative: number[] = [];
  let total = 0;
  for (const [, weight] of rows) {
    if (!(weight > 0)) throw new Error(`weights must be positive, got ${weight}`);
    total += weight;
    cumulative.push(total);
  }
  return (random) => {
    const x = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return (rows[lo] as readonly [T, number])[0];
  };
}

/**
 * A rank in [1, n] with P(rank) roughly proportional to rank^-s (Zipf), by inverting the continuous power law:
 * O(1) per draw, so a million draws over a hundred thousand ranks cost nothing.
 */
export function zipfRank(random: Random, n: number, s: number): number {
  const u = random.next();
  const rank = s === 1 ? n ** u : ((n ** (1 - s) - 1) * u + 1) ** (1 / (1 - s));
  return Math.min(n, Math.max(1, Math.floor(rank)));
}

/** A Pareto (power-law) value >= `min` with tail exponent `alpha`: most values small, a few huge. */
export function pareto(random: Random, min: number, alpha: number): number {
  return min / (1 - random.next()) ** (1 / alpha);
}
