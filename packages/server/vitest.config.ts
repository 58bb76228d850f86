import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources ("source" export condition), so tests need no build.
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
  test: { include: ["src/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 60_000 },
});
