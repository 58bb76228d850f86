// A commit's files from `git ls-tree -r -l -z --full-tree`: one entry per blob, with mode, id and size.

/** One line of the listing. */
export interface ListedBlob {
  /** File mode. */
  mode: string;
  /** Blob id. */
  oid: string;
  /** Blob size in bytes. */
  size: number;
  /** Path in the repository. */
  path: string;
}

const LINE = /^(\d{6}) (\w+) ([0-9a-f]{40}) +(\d+|-)\t([\s\S]*)$/;

/** The blobs of a listing (submodule entries are left out: a model repository has none to serve). */
export function parseTreeListing(output: Buffer): ListedBlob[] {
  const blobs: ListedBlob[] = [];
  for (const record of output.toString("utf8").split("\0")) {
    if (record === "") continue;
    const match = LINE.exec(record);
    if (match?.[2] !== "blob") continue;
    blobs.push({ mode: match[1] as string, oid: match[3] as string, size: Number(match[4]), path: match[5] as string });
  }
  return blobs;
}

/** Byte-order comparison of paths, the order git keeps them in. */
export function comparePaths(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}
