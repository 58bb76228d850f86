// A large git blob streamed by its own `git cat-file blob` process, cut to the requested bytes; the process is
// killed when the reader stops early (a client hanging up mid-download).
import { spawn } from "node:child_process";
import { Transform } from "node:stream";
import { gitEnv } from "./git-command.js";

/** `length` bytes of blob `oid` from byte `start` on. */
export function streamLargeBlob(gitDir: string, oid: string, start: number, length: number): Transform {
  const child = spawn("git", [`--git-dir=${gitDir}`, "cat-file", "blob", oid], {
    env: gitEnv(),
    stdio: ["ignore", "pipe", "ignore"],
  });
  let offset = 0;
  const cut = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, start + length - offset);
      offset += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (offset >= start + length) {
        this.push(null);
        child.kill();
      }
      done();
    },
  });
  cut.on("close", () => child.kill());
  child.on("error", (error) => cut.destroy(error));
  child.stdout.pipe(cut);
  return cut;
}
