// A worker of `modelhub serve --workers N`: serves until the primary asks it to close, its own SIGTERM or SIGINT
// (Ctrl-C reaches the whole process group), or the primary is gone (no orphan keeps serving).
import type { RunningServer } from "../server.js";
import { SHUTDOWN_MESSAGE } from "./supervise-workers.js";

/** Resolves once `server` has closed for one of the reasons above; the worker then leaves the cluster. */
export function serveAsWorker(server: RunningServer, signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT"]): Promise<void> {
  return new Promise((resolve, reject) => {
    const close = (reason: string) => {
      process.off("message", onMessage);
      process.off("disconnect", onDisconnect);
      for (const s of signals) process.off(s, onSignal);
      server.app.log.info({ reason }, "worker closing");
      server
        .close()
        .then(() => {
          // The IPC channel would keep the process alive.
          if (process.connected) process.disconnect();
          resolve();
        })
        .catch(reject);
    };
    const onMessage = (message: unknown) => {
      if (message === SHUTDOWN_MESSAGE) close("asked by the primary");
    };
    const onDisconnect = () => close("primary gone");
    const onSignal = (signal: NodeJS.Signals) => close(signal);
    process.on("message", onMessage);
    process.on("disconnect", onDisconnect);
    for (const s of signals) process.on(s, onSignal);
  });
}
