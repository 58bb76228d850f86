// Entries of `tree` and `paths-info` in the field's shape: files with their blob id, size and LFS facts, folders with
// their tree id.
import type { RepoEntry, RepoSnapshot } from "../repos/model-repos.js";
import type { SecurityFileStatus } from "./security-status.js";

/** A file or folder entry. */
export type TreeEntry =
  | {
      type: "file";
      oid: string;
      size: number;
      path: string;
      lfs?: { oid: string; size: number; pointerSize: number };
      lastCommit?: { id: string; title: string; date: string };
      securityFileStatus?: SecurityFileStatus;
    }
  | { type: "directory"; oid: string; size: 0; path: string; lastCommit?: { id: string; title: string; date: string } };

/** The entry of file `entry`. */
export function fileEntry(entry: RepoEntry): TreeEntry {
  return {
    type: "file",
    oid: entry.oid,
    size: entry.size,
    path: entry.path,
    ...(entry.lfs ? { lfs: { oid: entry.lfs.sha256, size: entry.lfs.size, pointerSize: entry.lfs.pointerSize } } : {}),
  };
}

/** The folders of `snapshot`, each once, sorted. */
export function foldersOf(snapshot: RepoSnapshot): string[] {
  const folders = new Set<string>();
  for (const file of snapshot.files) {
    const parts = file.path.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  }
  return [...folders].sort();
}

/** The paths listed under folder `prefix` ("" for the root): direct children, or every descendant when recursive. */
export function listFolder(
  snapshot: RepoSnapshot,
  prefix: string,
  recursive: boolean,
): { files: RepoEntry[]; folders: string[] } {
  const start = prefix === "" ? "" : `${prefix}/`;
  const inside = (path: string) => path.startsWith(start) && (recursive || !path.slice(start.length).includes("/"));
  return { files: snapshot.files.filter((f) => inside(f.path)), folders: foldersOf(snapshot).filter(inside) };
}
