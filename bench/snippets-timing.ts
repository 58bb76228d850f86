// bench/snippets timing: CPU time per call, after a warm-up that lasts until the JIT has settled.
//
// Why CPU time: the machine is shared, and wall time counts the milliseconds this process waited for a core
// (at a load average of 12 on 2 cores, three quarters of them). `process.cpuUsage()` counts what the process
// itself ran, all its threads included (the JIT compiler and the collector's helpers are real work of the code
// measured).
//
// Why a settling warm-up: a fixed few seconds of warm-up leaves code of many small functions half compiled on a
// busy machine (the optimising compiler runs on a background thread that waits for a core too), so the side with
// more functions to compile is measured partly in the interpreter. Passes run until neither side gets faster.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { median } from "./stats.js";

// A full collection before each timed round, so neither side pays for the garbage the other left behind.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** CPU time used by this process so far (user + system, all threads), in µs. */
function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

function run<T>(items: readonly T[], fn: (item: T) => unknown, passes: number): void {
  for (let p = 0; p < passes; p++) for (const item of items) fn(item);
}

/** CPU µs per item of `passes` passes of `fn` over `items`, after a full collection. */
export function round<T>(items: readonly T[], fn: (item: T) => unknown, passes: number): number {
  collect();
  const start = cpuMicros();
  run(items, fn, passes);
  return (cpuMicros() - start) / (items.length * passes);
}

/** CPU µs per item of a window of passes lasting about `ms` of CPU time (no collection: warm-up only). */
function window<T>(items: readonly T[], fn: (item: T) => unknown, ms: number): number {
  const start = cpuMicros();
  let passes = 0;
  do {
    run(items, fn, 1);
    passes++;
  } while (cpuMicros() - start < ms * 1000);
  return (cpuMicros() - start) / (items.length * passes);
}

/** How the warm-up ends: at least `minMs`, at most `maxMs` of CPU time per side, windows of `windowMs`. */
export interface WarmUp {
  minMs: number;
  maxMs: number;
  windowMs: number;
}

/** The settled-warm-up defaults of the full run. */
export const FULL_WARM_UP: WarmUp = { minMs: 3_000, maxMs: 15_000, windowMs: 250 };

// A side has settled when its last SETTLED_WINDOWS windows were none of them more than SETTLED_GAIN faster than
// the best window before them.
const SETTLED_WINDOWS = 4;
const SETTLED_GAIN = 0.03;

function settled(times: readonly number[]): boolean {
  if (times.length <= SETTLED_WINDOWS) return false;
  const before = Math.min(...times.slice(0, -SETTLED_WINDOWS));
  return times.slice(-SETTLED_WINDOWS).every((t) => t >= before * (1 - SETTLED_GAIN));
}

/**
 * Runs every `sides` function over `items` in alternating windows until each has stopped getting faster (or the
 * maximum is reached); returns the CPU ms each side ran.
 */
export function warmUp<T>(items: readonly T[], sides: ReadonlyArray<(item: T) => unknown>, warm: WarmUp): number {
  const times: number[][] = sides.map(() => []);
  let spentMs = 0;
  do {
    sides.forEach((fn, i) => {
      times[i]?.push(window(items, fn, warm.windowMs));
    });
    spentMs += warm.windowMs;
  } while (spentMs < warm.maxMs && (spentMs < warm.minMs || !times.every(settled)));
  return spentMs;
}

/** Passes of `fn` over `items` that take about `ms` of CPU time, from a timing of one pass. */
export function passesFor<T>(items: readonly T[], fn: (item: T) => unknown, ms: number): number {
  const perPassMs = (round(items, fn, 1) * items.length) / 1000;
  return Math.max(1, Math.round(ms / perPassMs));
}

/** Medians of `rounds` alternating rounds of about `roundMs` each: µs per item of every side, in order. */
export function alternate<T>(
  items: readonly T[],
  sides: ReadonlyArray<(item: T) => unknown>,
  rounds: number,
  roundMs: number,
): number[] {
  const passes = sides.map((fn) => passesFor(items, fn, roundMs));
  const samples: number[][] = sides.map(() => []);
  for (let r = 0; r < rounds; r++) {
    sides.forEach((fn, i) => {
      samples[i]?.push(round(items, fn, passes[i] ?? 1));
    });
  }
  return samples.map(median);
}
