// The checks git runs on a push before any ref moves (its pre-receive hook, with the pushed objects still in
// quarantine, so a refused push leaves nothing): only branches and tags, and every new LFS pointer names an object
// the hub holds and the repository owns (git-lfs uploads objects through the batch API before it pushes, as the JSON
// commit requires too; the batch API asks for the bytes of an object stored only for other repositories). Fast-forward, deletion and size rules are git's own settings (see push-policy.ts).
import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Environment variable naming the folder that holds LFS objects as `ab/cd/<sha256>` (the local blob store). */
export const BLOBS_ROOT_ENV = "MODELHUB_BLOBS_ROOT";
/** Environment variable naming the file that lists, one a line, the LFS objects the pushed-to repository owns. */
export const OWNED_OIDS_ENV = "MODELHUB_OWNED_OIDS";

// POSIX sh and awk only (Debian's dash and mawk: no ${var:0:2}, no regex intervals). Blob contents come from
// `git cat-file --batch`: a header line, the bytes, a newline; a pointer is a blob whose first line is the version.
const SCRIPT = `#!/bin/sh
zero=0000000000000000000000000000000000000000
while read -r old new ref; do
  case "$ref" in
    refs/heads/*|refs/tags/*) ;;
    *) echo "modelhub: only branches and tags can be pushed, not $ref" >&2; exit 1 ;;
  esac
  [ "$new" = "$zero" ] && continue
  missing=$(git rev-list --objects --no-object-names --filter=object:type=blob --filter=blob:limit=1024 "$new" --not --all |
    git cat-file --batch | awk -v root="$${BLOBS_ROOT_ENV}" -v owned="$${OWNED_OIDS_ENV}" '
      BEGIN { while ((getline line < owned) > 0) mine[line] = 1 }
      / blob [0-9]+$/ && length($1) == 40 { header = NR; pointer = 0; next }
      NR == header + 1 && $0 == "version https://git-lfs.github.com/spec/v1" { pointer = 1; next }
      pointer && /^oid sha256:[0-9a-f]+$/ && length($0) == 75 {
        oid = substr($0, 12)
        if (!(oid in mine)) print oid
        else if (system("test -f \\"" root "/" substr(oid, 1, 2) "/" substr(oid, 3, 2) "/" oid "\\"") != 0) print oid
      }')
  if [ -n "$missing" ]; then
    echo "modelhub: these LFS objects were not uploaded to this repository first (is git-lfs installed?):" >&2
    echo "$missing" >&2
    exit 1
  fi
done
exit 0
`;

/** A folder holding the hub's hooks, for `core.hooksPath`; `remove` deletes it. */
export interface HookDir {
  /** The folder. */
  path: string;
  /** Deletes it. */
  remove(): Promise<void>;
}

/** Writes the pre-receive hook into a fresh private folder. */
export async function writeHookDir(): Promise<HookDir> {
  const path = await mkdtemp(join(tmpdir(), "modelhub-hooks-"));
  const hook = join(path, "pre-receive");
  await writeFile(hook, SCRIPT, { mode: 0o700 });
  await chmod(hook, 0o700);
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Writes the oids a repository owns, one a line, into `dir` for one push's hook; `remove` deletes the file. */
export async function writeOwnedList(
  dir: string,
  oids: Iterable<string>,
): Promise<{ path: string; remove(): Promise<void> }> {
  const path = join(dir, `owned-${randomUUID()}`);
  await writeFile(path, `${[...oids].join("\n")}\n`, { mode: 0o600 });
  return { path, remove: () => rm(path, { force: true }) };
}
