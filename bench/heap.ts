// Bytes allocated per call, measured between forced collections.
import { PerformanceObserver } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

// GC entries reach the observer a task or more after the collection: wait for them before reading the count.
const SETTLE_MS = 20;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * Average bytes allocated by one call of `fn`, over `calls` calls made between two full collections.
 * A batch during which the collector ran is thrown away and measured again, so no garbage is missed.
 */
export async function bytesPerCall(fn: (i: number) => unknown, calls: number): Promise<number> {
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ["gc"] });
  // The first calls compile `fn` (bytecode and feedback live on the heap too): keep that out of the figure.
  for (let i = 0; i < Math.min(calls, 10); i++) fn(i);
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      gc();
      // The forced collection's own entry must be counted before the count is reset.
      for (let waited = 0; collections === 0 && waited < 500; waited += SETTLE_MS) await settle();
      collections = 0;
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < calls; i++) fn(i);
      const after = process.memoryUsage().heapUsed;
      await settle();
      if (collections === 0 && after >= before) return (after - before) / calls;
      calls = Math.max(1, Math.floor(calls / 2));
    }
    return Number.NaN;
  } finally {
    observer.disconnect();
  }
}
