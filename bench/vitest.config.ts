import { defineConfig } from "vitest/config";

// Smoke runs of the benchmarks (tiny sizes) so they cannot rot; the real runs are `npm run bench`.
export default defineConfig({
  resolve: { conditions: ["source"] },
  test: { include: ["bench/**/*.test.ts"], testTimeout: 180_000, hookTimeout: 180_000 },
});
