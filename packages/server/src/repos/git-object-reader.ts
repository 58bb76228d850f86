// One long-lived `git cat-file --batch-command` per repository answers object lookups and small reads without a
// process per request. Requests are answered in order, so a queue of pending callbacks matches replies to asks.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { gitEnv } from "./git-command.js";

/** An object's id, type and size. */
export interface ObjectInfo {
  /** 40-hex object id. */
  oid: string;
  /** `blob`, `tree`, `commit` or `tag`. */
  type: string;
  /** Size in bytes. */
  size: number;
}

type Pending =
  | { kind: "info"; resolve: (info: ObjectInfo | null) => void; reject: (error: Error) => void }
  | {
      kind: "contents";
      resolve: (value: { info: ObjectInfo; data: Buffer } | null) => void;
      reject: (error: Error) => void;
    };

const HEADER = /^([0-9a-f]{40}) ([a-z]+) (\d+)$/;

/** Reads objects of one repository through a persistent `git cat-file --batch-command`. */
export class GitObjectReader {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: Pending[] = [];
  private buffered: Buffer = Buffer.alloc(0);
  private stderr = "";
  private dead: Error | null = null;
  private body: { info: ObjectInfo; need: number; chunks: Buffer[]; have: number } | null = null;

  constructor(readonly gitDir: string) {
    this.child = spawn("git", [`--git-dir=${gitDir}`, "cat-file", "--batch-command"], {
      env: gitEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout.on("data", (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString("utf8")).slice(-2000);
    });
    this.child.stdin.on("error", () => undefined);
    this.child.on("error", (error) => this.fail(error));
    this.child.on("close", (code) => this.fail(new Error(`git cat-file exited (${code}): ${this.stderr.trim()}`)));
  }

  /** True once the process has gone; a new reader must be made. */
  get closed(): boolean {
    return this.dead !== null;
  }

  /** Type and size of the object `name` names (an id, or `<id>^{commit}`, `refs/heads/main^{commit}`…), or null. */
  info(name: string): Promise<ObjectInfo | null> {
    return new Promise((resolve, reject) => this.ask(`info ${name}\n`, { kind: "info", resolve, reject }));
  }

  /** The object and its bytes, or null when `name` names nothing. */
  contents(name: string): Promise<{ info: ObjectInfo; data: Buffer } | null> {
    return new Promise((resolve, reject) => this.ask(`contents ${name}\n`, { kind: "contents", resolve, reject }));
  }

  /** Ends the process once the pending requests are answered. */
  close(): void {
    this.child.stdin.end();
  }

  private ask(line: string, pending: Pending): void {
    if (this.dead) {
      pending.reject(this.dead);
      return;
    }
    if (line.slice(0, -1).includes("\n")) {
      pending.reject(new Error("object name may not contain a line break"));
      return;
    }
    this.pending.push(pending);
    this.child.stdin.write(line);
  }

  private fail(error: Error): void {
    this.dead ??= error;
    for (const pending of this.pending.splice(0)) pending.reject(this.dead);
  }

  private onData(chunk: Buffer): void {
    // While a body is arriving, chunks are only collected: joining them once avoids quadratic copying.
    if (this.body) {
      this.body.chunks.push(chunk);
      this.body.have += chunk.length;
      if (this.body.have < this.body.need) return;
      const joined = Buffer.concat(this.body.chunks);
      const { info, need } = this.body;
      this.body = null;
      const next = this.pending.shift();
      if (next?.kind === "contents") next.resolve({ info, data: joined.subarray(0, need - 1) });
      this.buffered = joined.subarray(need);
    } else {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    }
    this.drain();
  }

  private drain(): void {
    for (;;) {
      const next = this.pending[0];
      if (!next) return;
      const newline = this.buffered.indexOf(10);
      if (newline < 0) return;
      const header = this.buffered.subarray(0, newline).toString("utf8");
      const match = HEADER.exec(header);
      this.buffered = this.buffered.subarray(newline + 1);
      if (!match) {
        // `<name> missing` or `<name> ambiguous`: nothing follows the header.
        this.pending.shift();
        next.resolve(null);
        continue;
      }
      const info: ObjectInfo = { oid: match[1] as string, type: match[2] as string, size: Number(match[3]) };
      if (next.kind === "info") {
        this.pending.shift();
        next.resolve(info);
        continue;
      }
      // The content, then one newline.
      const need = info.size + 1;
      if (this.buffered.length >= need) {
        const data = Buffer.from(this.buffered.subarray(0, info.size));
        this.buffered = this.buffered.subarray(need);
        this.pending.shift();
        next.resolve({ info, data });
        continue;
      }
      this.body = { info, need, chunks: [this.buffered], have: this.buffered.length };
      this.buffered = Buffer.alloc(0);
      return;
    }
  }
}
