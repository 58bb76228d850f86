// bench/import: `modelhub import` of N synthetic models into an empty database (the bulk path), then the same N again
// (a re-import over existing rows: the upsert path, every record unchanged), then the N with new downloads, likes
// and dates (every row changed), on SQLite and (when DATABASE_URL is set) PostgreSQL. Each re-import is reported as
// a share of the clean import's speed. No hub serves the database here (see the live import test for that case).

import { once } from "node:events";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createBenchSchema } from "./postgres.js";
import { hubEnv, runCli } from "./processes.js";
import { type BenchOptions, type BenchSection, target } from "./section.js";
import { fmt, table } from "./stats.js";
import { syntheticModels, writeSyntheticCatalog } from "./synthetic.js";

/** Where the catalogs and databases are written (gitignored). */
const WORK = fileURLToPath(new URL("./.work/", import.meta.url));

/** Models per import: enough for a re-import to run over a table far above the bulk-load threshold (10k). */
const FULL_MODELS = 100_000;
const SMOKE_MODELS = 2_000;

/** The three imports, in the order they run. */
const RUNS = ["clean", "unchanged", "changed"] as const;
type Run = (typeof RUNS)[number];

const RUN_LABELS: Record<Run, string> = {
  clean: "clean import into an empty database",
  unchanged: "re-import, same records",
  changed: "re-import, every record changed (downloads, likes, lastModified)",
};

/** Wall-clock seconds of each import on one database. */
interface DialectResult {
  dialect: "SQLite" | "PostgreSQL";
  seconds: Record<Run, number>;
}

// The catalog with every record changed as a fresh dump of the field would change it.
async function writeChangedCatalog(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  for (const model of syntheticModels(count)) {
    const changed = {
      ...model,
      downloads: (model.downloads ?? 0) + 1,
      likes: (model.likes ?? 0) + 1,
      lastModified: "2025-10-01T00:00:00.000Z",
    };
    if (!out.write(`${JSON.stringify(changed)}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function importAll(
  dialect: DialectResult["dialect"],
  files: Record<Run, string>,
  args: string[],
  env: NodeJS.ProcessEnv,
  count: number,
): Promise<DialectResult> {
  const seconds = {} as Record<Run, number>;
  for (const run of RUNS) {
    const result = await runCli(["import", files[run], ...args], env);
    if (result.code !== 0) throw new Error(`${dialect} ${run} import failed:\n${result.output.slice(-2000)}`);
    if (!result.output.includes(`${count} accepted, 0 rejected`))
      throw new Error(`${dialect} ${run}: ${result.output}`);
    seconds[run] = result.ms / 1000;
  }
  return { dialect, seconds };
}

async function runSqlite(files: Record<Run, string>, count: number): Promise<DialectResult> {
  const dir = mkdtempSync(join(WORK, "import-sqlite-"));
  try {
    return await importAll("SQLite", files, ["--db", join(dir, "hub.db")], hubEnv(dir), count);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(databaseUrl: string, files: Record<Run, string>, count: number): Promise<DialectResult> {
  const schema = await createBenchSchema(databaseUrl);
  const dir = mkdtempSync(join(WORK, "import-postgres-"));
  try {
    const env = hubEnv(dir, { usePostgres: true, env: { DATABASE_URL: schema.url } });
    return await importAll("PostgreSQL", files, [], env, count);
  } finally {
    await schema.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// A re-import's speed as a share of the clean import's.
const share = (r: DialectResult, run: Run): number => (100 * r.seconds.clean) / r.seconds[run];

/** Runs the import benchmark and returns its RESULTS.md section. */
export async function benchImport({ smoke }: BenchOptions): Promise<BenchSection> {
  const count = smoke ? SMOKE_MODELS : FULL_MODELS;
  mkdirSync(WORK, { recursive: true });
  const catalog = await writeSyntheticCatalog(join(WORK, `synthetic-${count}.jsonl`), count);
  const changed = join(WORK, `synthetic-${count}-changed.jsonl`);
  await writeChangedCatalog(changed, count);
  const files: Record<Run, string> = { clean: catalog.file, unchanged: catalog.file, changed };
  const results = [await runSqlite(files, count)];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) results.push(await runPostgres(databaseUrl, files, count));
  const n = count.toLocaleString("en-US");
  const rows = results.flatMap((r) =>
    RUNS.map((run) => [
      r.dialect,
      RUN_LABELS[run],
      fmt(r.seconds[run], 1),
      fmt(count / r.seconds[run], 0),
      run === "clean" ? "100%" : `${fmt(share(r, run), 0)}%`,
    ]),
  );
  const worst = Math.min(...results.flatMap((r) => [share(r, "unchanged"), share(r, "changed")]));
  const sqlite = results[0] as DialectResult;
  const body = [
    `${n} synthetic models (\`bench/synthetic.ts\`, seeded) imported with the built \`modelhub import\` into an empty database, then the same ${n} again, then the ${n} with new downloads, likes and lastModified; wall-clock time of each CLI run (process start included), no hub serving the database. N = ${n} is enough: every re-import runs over a table ten times the bulk-load threshold, on the upsert path (an import that changes 5% of the table goes on as a bulk load keeping the id indexes). The machine is shared: figures vary with its load.${results.length < 2 ? " PostgreSQL: not run (DATABASE_URL not set)." : ""}`,
    "",
    table(["database", "import", "time (s)", "records/s", "speed vs clean"], rows),
    "",
    target(
      "a re-import at ≥ 50% of a clean import's speed (worst of both re-imports, both databases)",
      worst >= 50,
      `${fmt(worst, 0)}%`,
    ),
  ].join("\n");
  const headline = `re-import of ${n} models on SQLite: ${fmt(share(sqlite, "unchanged"), 0)}% (unchanged records) and ${fmt(share(sqlite, "changed"), 0)}% (every record changed) of a clean import's speed (${fmt(sqlite.seconds.clean, 1)} s; target ≥ 50%)`;
  return { title: "Import and re-import", command: "npm run bench -- import", body, headlines: [headline] };
}
