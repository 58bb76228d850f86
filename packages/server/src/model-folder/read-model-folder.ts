// Reads a model folder from disk as the list of repository files it holds: every regular file, with its path
// inside the repository, checked by the same rules as an upload.
import { readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { HubError } from "../errors.js";
import { repoPathProblem } from "../files/paths.js";

/** Folders never imported: version control and tool caches (huggingface_hub keeps `.cache/huggingface`). */
export const SKIPPED_FOLDERS = [".git", ".cache"] as const;

/** One file of a model folder. */
export interface FolderFile {
  /** Path inside the repository, `/`-separated. */
  path: string;
  /** Where the bytes are on disk. */
  source: string;
  /** Size in bytes when read. */
  size: number;
}

/** A model folder's files, and what was left out. */
export interface ModelFolder {
  /** The folder's files, sorted by path. */
  files: FolderFile[];
  /** Paths left out and why (skipped folders, links to folders, special files), for the importer to show. */
  skipped: { path: string; reason: string }[];
}

/** Reads `root`; a file whose path breaks the repository rules is a `bad_request` naming it (nothing is read on). */
export async function readModelFolder(root: string): Promise<ModelFolder> {
  const rootInfo = await stat(root).catch(() => null);
  if (!rootInfo?.isDirectory()) throw new HubError("bad_request", `${root}: not a folder`);
  const files: FolderFile[] = [];
  const skipped: ModelFolder["skipped"] = [];
  // Walked by hand rather than with `readdir({ recursive })`, so a large `.git` is never entered.
  const folders = [root];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const source = join(folder, entry.name);
      const path = relative(root, source).split(sep).join("/");
      if (entry.isDirectory()) {
        if (!(SKIPPED_FOLDERS as readonly string[]).includes(entry.name)) folders.push(source);
        continue;
      }
      // Links are followed to what they point at: a huggingface_hub snapshot is made of links into its blob cache.
      const info = await stat(source).catch(() => null);
      if (!info?.isFile()) {
        skipped.push({ path, reason: info?.isDirectory() ? "link to a folder" : "not a regular file" });
        continue;
      }
      const problem = repoPathProblem(path);
      if (problem) throw new HubError("bad_request", `${path}: invalid file path: ${problem}`);
      files.push({ path, source, size: info.size });
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}
