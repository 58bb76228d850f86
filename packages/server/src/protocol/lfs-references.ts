// Which LFS objects a repository references, in any revision: the objects its LFS endpoint may hand out. Without
// this check anyone could read any blob of the hub by guessing (or learning) its hash through a public model.
// One `git rev-list` lists the small blobs of every ref's history, one `git cat-file --batch` reads them, and the
// pointers among them are kept, cached until the repository's refs change.
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { createLruCache } from "../cache/lru-cache.js";

const exec = promisify(execFile);

/** Pointer files are under 1024 bytes (the LFS spec); larger blobs are never read. */
const MAX_POINTER_BYTES = 1024;
const POINTER_OID = /^oid sha256:([0-9a-f]{64})$/m;
const POINTER_VERSION = "version https://git-lfs.github.com/spec/v1\n";
/** Repositories whose object sets are kept. */
const CACHED_REPOS = 200;
/** Entries are checked against the refs on every use; the lifetime only bounds memory of idle repositories. */
const CACHE_TTL_MS = 10 * 60 * 1000;

const GIT_ENV = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  LC_ALL: "C",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};

async function git(gitDir: string, args: string[]): Promise<string> {
  const { stdout } = await exec("git", [`--git-dir=${gitDir}`, ...args], {
    env: GIT_ENV,
    maxBuffer: 512 * 1024 * 1024,
  });
  return stdout;
}

/** The oid a pointer file's text names, or null when `text` is not a pointer. */
export function pointerOid(text: string): string | null {
  if (!text.startsWith(POINTER_VERSION)) return null;
  return POINTER_OID.exec(text)?.[1] ?? null;
}

/** Reads `ids` through `git cat-file --batch` and collects the oids of the pointers among them. */
function pointerOids(gitDir: string, ids: readonly string[]): Promise<Set<string>> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", [`--git-dir=${gitDir}`, "cat-file", "--batch"], { env: GIT_ENV });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stdin.on("error", () => undefined);
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`git cat-file --batch exited with ${code} in ${gitDir}`));
      const out = Buffer.concat(chunks);
      const oids = new Set<string>();
      let at = 0;
      while (at < out.length) {
        const eol = out.indexOf(10, at);
        if (eol === -1) break;
        const [, type, sizeText] = out.subarray(at, eol).toString("latin1").split(" ");
        const size = Number(sizeText);
        at = eol + 1;
        if (type === undefined || !Number.isInteger(size)) continue; // `<id> missing`
        if (type === "blob") {
          const oid = pointerOid(out.subarray(at, at + size).toString("utf8"));
          if (oid) oids.add(oid);
        }
        at += size + 1;
      }
      resolve(oids);
    });
    child.stdin.end(ids.map((id) => `${id}\n`).join(""));
  });
}

/** Answers "which of these oids does the repository reference", cached by the state of its refs. */
export interface LfsReferences {
  /** Of `oids`, those referenced by a pointer anywhere in the history of `gitDir`'s refs. */
  referenced(gitDir: string, oids: readonly string[]): Promise<ReadonlySet<string>>;
  /** Every oid a pointer anywhere in the history of `gitDir`'s refs names. */
  all(gitDir: string): Promise<ReadonlySet<string>>;
}

/** An LfsReferences over git, caching each repository's set until a ref moves. */
export function createLfsReferences(): LfsReferences {
  const cache = createLruCache<string, { refs: string; oids: Set<string> }>({ max: CACHED_REPOS, ttlMs: CACHE_TTL_MS });
  const all = async (gitDir: string): Promise<Set<string>> => {
    const refs = createHash("sha256")
      .update(await git(gitDir, ["for-each-ref", "--format=%(objectname) %(refname)"]))
      .digest("hex");
    const hit = cache.get(gitDir);
    if (hit?.refs === refs) return hit.oids;
    const listed = await git(gitDir, [
      "rev-list",
      "--objects",
      "--all",
      "--no-object-names",
      // Trees are left out; commits still come (cat-file reads them, small, and skips them).
      "--filter=object:type=blob",
      `--filter=blob:limit=${MAX_POINTER_BYTES}`,
    ]);
    const ids = listed.split("\n").filter((line) => /^[0-9a-f]{40}$/.test(line));
    const oids = ids.length > 0 ? await pointerOids(gitDir, ids) : new Set<string>();
    cache.set(gitDir, { refs, oids });
    return oids;
  };
  return {
    all,
    async referenced(gitDir, oids) {
      if (oids.length === 0) return new Set();
      const known = await all(gitDir);
      return new Set(oids.filter((oid) => known.has(oid)));
    },
  };
}
