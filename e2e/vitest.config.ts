import { defineConfig } from "vitest/config";

// Browser tests: one real hub and one Chromium per file, files one after the other (the machine is shared).
export default defineConfig({
  resolve: { conditions: ["source"] },
  test: {
    include: ["e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["e2e/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
