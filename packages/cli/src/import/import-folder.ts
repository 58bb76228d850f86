// `modelhub import ./folder --id ns/name`: a model folder (README.md, config.json, every other file) becomes the
// model `ns/name`, with a progress bar for large files on a terminal.
import {
  type FolderFile,
  importModelFolder,
  LocalBlobStore,
  type ModelRepos,
  openGitModelRepos,
  openStore,
  readModelFolder,
  reposRoot,
  type ServerConfig,
} from "@modelhub/server/storage";
import cliProgress from "cli-progress";

/** Files at least this large get a progress bar (on a terminal). */
export const BAR_FROM_BYTES = 8 * 1024 * 1024;

/** Where the folder import writes, and where it talks. */
export interface FolderImportTarget {
  /** The resolved server configuration (database and data folder). */
  config: ServerConfig;
  /** Progress and results. */
  out: NodeJS.WritableStream;
  /** Bars for large files: a TTY, or null for plain lines. */
  tty: NodeJS.WriteStream | null;
}

function formatBytes(bytes: number): string {
  const units = ["B", "kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Imports `folder` as model `id`; a bad card or config throws (ModelFileError) before anything is written. */
export async function importFolder(folder: string, id: string, target: FolderImportTarget): Promise<void> {
  const contents = await readModelFolder(folder);
  for (const skipped of contents.skipped) target.out.write(`skipped ${skipped.path}: ${skipped.reason}\n`);
  const { config } = target;
  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dbPath: config.dbPath });
  let bar: cliProgress.SingleBar | null = null;
  let repos: ModelRepos | null = null;
  const startBar = (file: FolderFile) => {
    if (!target.tty || file.size < BAR_FROM_BYTES) return;
    bar = new cliProgress.SingleBar(
      {
        stream: target.tty,
        hideCursor: true,
        format: `${file.path} {bar} {percentage}% | {value}/{total} bytes | ETA {eta}s`,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(file.size, 0);
  };
  try {
    const blobs = await LocalBlobStore.open(config.dataDir);
    repos = await openGitModelRepos(reposRoot(config.dataDir));
    const result = await importModelFolder({ store, blobs, repos, now: () => new Date() }, id, contents, {
      onFileStart: startBar,
      onProgress: (progress) => bar?.update(Math.min(progress.done, progress.total)),
      onFileDone: (file) => {
        bar?.stop();
        bar = null;
        target.out.write(`stored ${file.path} (${formatBytes(file.size)})\n`);
      },
      onGgufProblem: (path, reason) => target.out.write(`GGUF metadata not read from ${path}: ${reason}\n`),
    });
    for (const file of result.removed) target.out.write(`removed ${file.path}\n`);
    const total = result.files.reduce((sum, file) => sum + file.size, 0);
    const verb = result.created ? "created" : "updated";
    target.out.write(`${verb} ${id}: ${result.files.length} files, ${formatBytes(total)}\n`);
  } finally {
    (bar as cliProgress.SingleBar | null)?.stop();
    await repos?.close();
    await store.close();
  }
}
