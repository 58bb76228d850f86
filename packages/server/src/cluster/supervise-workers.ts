// The primary of `modelhub serve --workers N`: forks N workers that share the listening port (node:cluster hands
// connections out round-robin), starts another when one dies, and on SIGTERM or SIGINT asks every worker to close
// (each finishes its requests and writes its counted downloads), killing those still alive after a grace period.
import cluster, { type Worker } from "node:cluster";

/** Message the primary sends a worker to close. */
export const SHUTDOWN_MESSAGE = "modelhub:shutdown";

/** How the primary runs its workers. */
export interface SuperviseOptions {
  /** Number of workers. */
  workers: number;
  /** How long closing workers get before they are killed, in ms. */
  shutdownTimeoutMs?: number;
  /** Where the primary reports (a line each: workers listening, dying, restarting). */
  log: (line: string) => void;
  /** Signals that start the shutdown. */
  signals?: NodeJS.Signals[];
}

/** Default grace period of closing workers: their own request grace (10 s) plus time to close the database. */
export const DEFAULT_WORKER_SHUTDOWN_MS = 20_000;

// A worker that dies soon after starting is restarted after a growing pause, so a hub that cannot start (the
// database is gone) does not fork in a tight loop.
const STABLE_AFTER_MS = 5_000;
const MAX_RESTART_DELAY_MS = 10_000;

/**
 * Forks and supervises the workers until a signal; resolves with the exit status: 0 after a clean shutdown, 1 when
 * the first worker could not start (the error is in its output).
 */
export function superviseWorkers(options: SuperviseOptions): Promise<number> {
  const signals = options.signals ?? ["SIGTERM", "SIGINT"];
  const startedAt = new Map<Worker, number>();
  let listened = false;
  let shuttingDown = false;
  let restartDelay = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let exitStatus = 0;

  return new Promise((resolve) => {
    const finishWhenEmpty = (status: number) => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      for (const signal of signals) process.off(signal, shutdown);
      cluster.off("exit", onExit);
      cluster.off("listening", onListening);
      resolve(status);
    };

    const fork = () => startedAt.set(cluster.fork(), Date.now());

    const stopAll = (status: number) => {
      shuttingDown = true;
      clearTimeout(restartTimer);
      const timeoutMs = options.shutdownTimeoutMs ?? DEFAULT_WORKER_SHUTDOWN_MS;
      for (const worker of Object.values(cluster.workers ?? {})) {
        if (!worker) continue;
        if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
        else worker.process.kill("SIGTERM");
        const kill = setTimeout(() => {
          options.log(`worker ${worker.id} (pid ${worker.process.pid}) did not close in ${timeoutMs} ms: killed`);
          worker.process.kill("SIGKILL");
        }, timeoutMs);
        worker.once("exit", () => clearTimeout(kill));
      }
      exitStatus = status;
      finishWhenEmpty(status);
    };

    function shutdown(signal: NodeJS.Signals) {
      if (shuttingDown) return;
      options.log(`${signal}: closing ${Object.keys(cluster.workers ?? {}).length} workers`);
      stopAll(0);
    }

    function onListening(worker: Worker, address: { address: string; port: number }) {
      listened = true;
      options.log(`worker ${worker.id} (pid ${worker.process.pid}) listening on ${address.address}:${address.port}`);
    }

    function onExit(worker: Worker, code: number | null, signal: string | null) {
      const ranFor = Date.now() - (startedAt.get(worker) ?? 0);
      startedAt.delete(worker);
      if (shuttingDown) {
        finishWhenEmpty(exitStatus);
        return;
      }
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!listened) {
        options.log(`worker ${worker.id} (pid ${worker.process.pid}) failed to start (${how}): stopping`);
        stopAll(1);
        return;
      }
      restartDelay = ranFor >= STABLE_AFTER_MS ? 0 : Math.min(Math.max(restartDelay * 2, 250), MAX_RESTART_DELAY_MS);
      options.log(`worker ${worker.id} (pid ${worker.process.pid}) exited (${how}): starting another`);
      restartTimer = setTimeout(fork, restartDelay);
    }

    cluster.on("listening", onListening);
    cluster.on("exit", onExit);
    for (const signal of signals) process.on(signal, shutdown);
    for (let i = 0; i < options.workers; i++) fork();
  });
}
