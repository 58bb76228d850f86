// The checks git runs on a push before any ref moves (its pre-receive hook, with the pushed objects still in
// quarantine, so a refused push leaves nothing): only branches and tags, and every new LFS pointer names an object
// the hub already holds (git-lfs uploads objects through the batch API before it pushes, as the JSON commit
// requires too). Fast-forward, deletion and size rules are git's own settings (see push-policy.ts).
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Environment variable naming the folder that holds LFS objects as `ab/cd/<sha256>` (the local blob store). */
export const BLOBS_ROOT_ENV = "MODELHUB_BLOBS_ROOT";

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
    git cat-file --batch | awk -v root="$${BLOBS_ROOT_ENV}" '
      / blob [0-9]+$/ && length($1) == 40 { header = NR; pointer = 0; next }
      NR == header + 1 && $0 == "version https://git-lfs.github.com/spec/v1" { pointer = 1; next }
      pointer && /^oid sha256:[0-9a-f]+$/ && length($0) == 75 {
        oid = substr($0, 12)
        if (system("test -f \\"" root "/" substr(oid, 1, 2) "/" substr(oid, 3, 2) "/" oid "\\"") != 0) print oid
      }')
  if [ -n "$missing" ]; then
    echo "modelhub: these LFS objects were not uploaded first (is git-lfs installed?):" >&2
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
