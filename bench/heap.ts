// Bytes allocated per call, measured between forced collections.
import { PerformanceObserver } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

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
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
      collections = 0;
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < calls; i++) fn(i);
      const after = process.memoryUsage().heapUsed;
      await new Promise((resolve) => setImmediate(resolve));
      if (collections === 0 && after >= before) return (after - before) / calls;
      calls = Math.max(1, Math.floor(calls / 2));
    }
    return Number.NaN;
  } finally {
    observer.disconnect();
  }
}
