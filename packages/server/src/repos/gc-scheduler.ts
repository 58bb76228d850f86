// `git gc --auto` for repositories the hub commits to. Every commit through the repository layer leaves loose
// objects (blobs, trees, the commit); git packs them and packs refs only when asked. Pushes already ask
// (`git receive-pack` runs `gc --auto` itself); the hub's own commits ask here, every `every` commits of a
// repository, in a background `git` process that no request waits for, one repository at a time so a burst of
// commits to many repositories cannot start many gc processes. `--auto` leaves the decision to git (gc.auto: by
// default thousands of loose objects), so asking costs next to nothing when there is nothing to do. git's own lock
// (gc.pid) keeps a gc of another hub process or a push from running at the same time on one repository.
import { type ChildProcess, spawn } from "node:child_process";
import { gitEnv } from "./git-command.js";

/** Commits to one repository between two `git gc --auto` runs. */
export const GC_EVERY_COMMITS = 50;

/** Runs `git gc --auto` in the background after every `every` commits of a repository. */
export class GcScheduler {
  private readonly counts = new Map<string, number>();
  private readonly queued = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  private running: ChildProcess | null = null;
  private closed = false;

  constructor(private readonly every = GC_EVERY_COMMITS) {}

  /** Tells that `gitDir` got a commit; may queue a gc of it. Never waits. */
  committed(gitDir: string): void {
    const count = (this.counts.get(gitDir) ?? 0) + 1;
    if (count < this.every) {
      this.counts.set(gitDir, count);
      return;
    }
    this.counts.delete(gitDir);
    if (this.closed || this.queued.has(gitDir)) return;
    this.queued.add(gitDir);
    this.chain = this.chain.then(() => this.gc(gitDir));
  }

  /** Resolves when every queued gc has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** Stops: queued runs are dropped and a running one is ended (git takes over its stale lock next time). */
  close(): void {
    this.closed = true;
    this.running?.kill();
  }

  private gc(gitDir: string): Promise<void> {
    this.queued.delete(gitDir);
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      // Not detached (git's default for --auto): this process is the background one, and close() can end it.
      const args = [`--git-dir=${gitDir}`, "-c", "gc.autoDetach=false", "gc", "--auto", "--quiet"];
      const child = spawn("git", args, {
        env: gitEnv(),
        stdio: "ignore",
      });
      this.running = child;
      // A gc that fails (a removed repository, a full disk) changes nothing; the next one tries again.
      const done = () => {
        this.running = null;
        resolve();
      };
      child.once("error", done);
      child.once("close", done);
    });
  }
}
