/** What one benchmark contributes to RESULTS.md. */
export interface BenchSection {
  /** Heading of the section. */
  title: string;
  /** The command that reproduces it. */
  command: string;
  /** Markdown body: tables and target lines. */
  body: string;
  /** Headline figures for the README, one line each. */
  headlines: string[];
}

/** Options every benchmark takes. */
export interface BenchOptions {
  /** Tiny sizes, seconds in all: used by the smoke test in `npm test` so the benchmarks cannot rot. */
  smoke: boolean;
}

/** A target line: ✅ met or ❌ missed, with the figure. */
export function target(label: string, met: boolean, detail: string): string {
  return `- ${met ? "✅" : "❌"} ${label}: ${detail}`;
}
