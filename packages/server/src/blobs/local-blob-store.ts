// The blob store on local disk: `<dataDir>/blobs/ab/cd/<sha256>`, written through a temporary file in
// `<dataDir>/blobs/.tmp` (same file system, so the final rename is atomic).
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, unlink, utimes } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { HubError } from "../errors.js";
import {
  type BlobInfo,
  type BlobSource,
  type BlobStore,
  type ByteRange,
  isSha256,
  type StagedBlob,
  type WriteOptions,
} from "./blob-store.js";
import { FileBodyStream } from "./file-body-stream.js";
import { removeStaleTempFiles, tempFileName } from "./temp-files.js";

/** Bytes per read when streaming a blob. */
const READ_CHUNK_BYTES = 1024 * 1024;

/** Folder of in-progress writes, inside the blobs folder. */
export const TEMP_DIR = ".tmp";

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}

// A rename is durable only once its directory entry is; some platforms cannot fsync a directory, which is harmless.
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch {
    // Durability hint only.
  } finally {
    await handle?.close();
  }
}

/** Counts and hashes the bytes passing through; fails as soon as the body exceeds `maxBytes`. */
function meter(hash: ReturnType<typeof createHash>, maxBytes: number | undefined): Transform & { bytes: () => number } {
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) {
        done(new HubError("payload_too_large", `file is larger than the limit of ${maxBytes} bytes`));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return Object.assign(transform, { bytes: () => size });
}

/** Blob storage on the local file system; `open` prepares the folders and sweeps what a crash left behind. */
export class LocalBlobStore implements BlobStore {
  /** The blobs folder: `<dataDir>/blobs`. */
  readonly root: string;

  private constructor(root: string) {
    this.root = root;
  }

  /** Opens (creating when needed) the store under `<dataDir>/blobs` and removes abandoned temporary files. */
  static async open(dataDir: string): Promise<LocalBlobStore> {
    const root = join(dataDir, "blobs");
    await mkdir(join(root, TEMP_DIR), { recursive: true });
    await removeStaleTempFiles(join(root, TEMP_DIR));
    return new LocalBlobStore(root);
  }

  /** Where the blob with this hash lives; two levels of fan-out keep folders small. */
  blobPath(sha256: string): string {
    return join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async stage(source: BlobSource, options: WriteOptions = {}): Promise<StagedBlob> {
    const tempPath = join(this.root, TEMP_DIR, tempFileName());
    const hash = createHash("sha256");
    const counter = meter(hash, options.maxBytes);
    // `flush` fsyncs before the close that pipeline waits for, so a committed blob survives a power cut.
    const sink = createWriteStream(tempPath, { flags: "wx", mode: 0o644, flush: true });
    try {
      await pipeline(source, counter, sink, options.signal ? { signal: options.signal } : {});
    } catch (error) {
      // The file may still be opening; removing it before the descriptor closes could let it reappear.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once("close", () => resolve()));
      await rm(tempPath, { force: true });
      throw error;
    }
    return this.staged(tempPath, { sha256: hash.digest("hex"), size: counter.bytes() });
  }

  private staged(tempPath: string, info: BlobInfo): StagedBlob {
    const target = this.blobPath(info.sha256);
    return {
      ...info,
      commit: async () => {
        if (await this.stat(info.sha256)) {
          await rm(tempPath, { force: true });
          // Written again just now: the start-up sweep's age window starts over (orphan-sweep.ts).
          const now = new Date();
          await utimes(target, now, now).catch(() => undefined);
          return;
        }
        await mkdir(dirname(target), { recursive: true });
        await rename(tempPath, target);
        await syncDirectory(dirname(target));
      },
      discard: () => rm(tempPath, { force: true }),
    };
  }

  async put(source: BlobSource, options?: WriteOptions): Promise<BlobInfo> {
    const staged = await this.stage(source, options);
    try {
      await staged.commit();
    } finally {
      await staged.discard();
    }
    return { sha256: staged.sha256, size: staged.size };
  }

  /** Every stored blob (temporary files excluded), with the time it was last written. */
  async *entries(): AsyncGenerator<{ sha256: string; mtimeMs: number }> {
    const hex2 = /^[0-9a-f]{2}$/;
    for (const first of await readdir(this.root)) {
      if (!hex2.test(first)) continue;
      for (const second of await readdir(join(this.root, first)).catch(() => [])) {
        if (!hex2.test(second)) continue;
        for (const name of await readdir(join(this.root, first, second)).catch(() => [])) {
          if (!isSha256(name)) continue;
          const info = await stat(join(this.root, first, second, name)).catch(() => null);
          if (info?.isFile()) yield { sha256: name, mtimeMs: info.mtimeMs };
        }
      }
    }
  }

  async stat(sha256: string): Promise<BlobInfo | null> {
    if (!isSha256(sha256)) return null;
    try {
      const info = await stat(this.blobPath(sha256));
      return { sha256, size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(sha256: string, range?: ByteRange): Promise<Readable | null> {
    if (!isSha256(sha256)) return null;
    let handle: FileHandle;
    try {
      // Opening first turns a missing blob into null instead of a stream error after the headers are sent.
      handle = await open(this.blobPath(sha256), "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    // Large reads: a weights file goes out in 1 MiB chunks, a sixteenth of the reads and socket writes of the
    // default 64 KiB, and at most two chunks per download are in memory (the socket's backpressure holds the rest).
    return new FileBodyStream(handle, { start: range?.start ?? 0, end: range?.end, chunkBytes: READ_CHUNK_BYTES });
  }

  async deleteIfUnreferenced(sha256: string, isReferenced: () => Promise<boolean>): Promise<boolean> {
    if (!isSha256(sha256) || (await isReferenced())) return false;
    try {
      await unlink(this.blobPath(sha256));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
