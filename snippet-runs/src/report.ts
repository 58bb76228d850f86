// The table of runs per client and the closing line.
import { RUN_CLIENTS, type RunClient } from "./cases.js";

/** Counts of one client. */
export interface ClientCount {
  /** Snippets run. */
  run: number;
  /** Passed. */
  passed: number;
  /** Failed. */
  failed: number;
}

/** A fresh count per client, in report order. */
export function emptyCounts(): Record<RunClient, ClientCount> {
  return Object.fromEntries(
    Object.values(RUN_CLIENTS).map((client) => [client, { run: 0, passed: 0, failed: 0 }]),
  ) as Record<RunClient, ClientCount>;
}

/** A Markdown table client × (run, passed, failed), then `P passed, F failed` alone on the last line. */
export function formatReport(counts: Record<RunClient, ClientCount>): string {
  const rows = Object.entries(counts).map(([client, c]) => `| ${client} | ${c.run} | ${c.passed} | ${c.failed} |`);
  const passed = Object.values(counts).reduce((sum, c) => sum + c.passed, 0);
  const failed = Object.values(counts).reduce((sum, c) => sum + c.failed, 0);
  return [
    "| client | run | passed | failed |",
    "| --- | ---: | ---: | ---: |",
    ...rows,
    "",
    `${passed} passed, ${failed} failed`,
  ].join("\n");
}
