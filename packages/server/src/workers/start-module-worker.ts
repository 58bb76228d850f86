// Starts a worker thread on a module of this package, compiled or not: compiled, the worker is the .js file; run from
// sources (tests, `--import tsx`) it is the .ts file, started through tsx's loader, which a worker does not inherit.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker running module `name` (without extension) beside the module whose `import.meta.url` is `besideUrl`.
 * `options` are the Worker's (resource limits and the like).
 */
export function startModuleWorker(besideUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (!besideUrl.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, besideUrl), options);
  const tsxApi = pathToFileURL(
    join(dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/esm/api/index.mjs"),
  ).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.register())` +
      `.then(() => import(${JSON.stringify(new URL(`./${name}.ts`, besideUrl).href)}));`,
    { eval: true, execArgv: ["--conditions=source"], ...options },
  );
}
