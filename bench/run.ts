// `npm run bench [-- NAME...] [--smoke]`, `npx tsx bench/run.ts --render`: runs the benchmarks and writes bench/RESULTS.md and the README's figures.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { machineLine } from "./machine.js";
import type { BenchOptions, BenchSection } from "./section.js";

type Bench = (options: BenchOptions) => Promise<BenchSection>;

const BENCHES: Record<string, () => Promise<Bench>> = {
  snippets: async () => (await import("./snippets.js")).benchSnippets,
  api: async () => (await import("./api.js")).benchApi,
  scale: async () => (await import("./scale.js")).benchScale,
  postgres: async () => (await import("./scale.js")).benchScalePostgres,
  shapes: async () => (await import("./shapes.js")).benchShapes,
  web: async () => (await import("./web.js")).benchWeb,
  repos: async () => (await import("./repos.js")).benchRepos,
  cluster: async () => (await import("./cluster-load.js")).benchCluster,
  import: async () => (await import("./import.js")).benchImport,
};

const STORE = new URL("./results.json", import.meta.url);
const RESULTS = new URL("./RESULTS.md", import.meta.url);
const README = new URL("../README.md", import.meta.url);

interface Stored extends BenchSection {
  machine: string;
}

function render(stored: Record<string, Stored>): string {
  const parts = ["# Benchmark results", "", "Written by `npm run bench` (bench/run.ts); do not edit by hand.", ""];
  for (const name of Object.keys(BENCHES)) {
    const s = stored[name];
    if (!s) continue;
    parts.push(`## ${s.title}`, "", `Machine: ${s.machine}`, "", `Command: \`${s.command}\``, "", s.body, "");
  }
  return parts.join("\n");
}

function updateReadme(stored: Record<string, Stored>): void {
  if (!existsSync(README)) return;
  const text = readFileSync(README, "utf8");
  const start = "<!-- bench:start -->";
  const end = "<!-- bench:end -->";
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) return;
  const lines = Object.keys(BENCHES).flatMap((name) => stored[name]?.headlines.map((h) => `- ${h}`) ?? []);
  writeFileSync(README, `${text.slice(0, a + start.length)}\n${lines.join("\n")}\n${text.slice(b)}`);
}

/** Runs the named benchmarks (all by default); in smoke mode nothing is written. */
export async function runBenches(names: string[], options: BenchOptions): Promise<Record<string, BenchSection>> {
  const out: Record<string, BenchSection> = {};
  for (const name of names) {
    const load = BENCHES[name];
    if (!load) throw new Error(`Unknown benchmark "${name}"; known: ${Object.keys(BENCHES).join(", ")}`);
    process.stderr.write(`bench: ${name}${options.smoke ? " (smoke)" : ""}…\n`);
    out[name] = await (await load())(options);
  }
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const smoke = args.includes("--smoke");
  const stored: Record<string, Stored> = existsSync(STORE) ? JSON.parse(readFileSync(STORE, "utf8")) : {};
  // --render rewrites RESULTS.md and the README's figures from results.json alone: after merging sections that
  // were measured on different branches, the written files follow the one stored truth again.
  if (args.includes("--render")) {
    writeFileSync(RESULTS, render(stored));
    updateReadme(stored);
    return;
  }
  const names = args.filter((a) => !a.startsWith("--"));
  const results = await runBenches(names.length > 0 ? names : Object.keys(BENCHES), { smoke });
  for (const section of Object.values(results)) process.stdout.write(`\n## ${section.title}\n\n${section.body}\n`);
  if (smoke) return;
  for (const [name, section] of Object.entries(results)) stored[name] = { ...section, machine: machineLine() };
  writeFileSync(STORE, `${JSON.stringify(stored, null, 2)}\n`);
  writeFileSync(RESULTS, render(stored));
  updateReadme(stored);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
