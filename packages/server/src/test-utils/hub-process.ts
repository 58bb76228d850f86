// A repository hub in a child process (repo-hub-process.ts) over a data folder, for tests that kill and restart it.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("./repo-hub-process.ts", import.meta.url));

/** A running hub process. */
export interface HubProcess {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Kills the process with SIGKILL (no clean shutdown) and waits for it to exit. */
  kill(): Promise<void>;
}

/** Starts a hub over `dataDir` (seeded beforehand with openRepoHub) and waits until it listens. */
export async function startHubProcess(dataDir: string): Promise<HubProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--conditions=source", "--import", "tsx", SCRIPT, dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`hub process exited with ${code}`)));
  });
  return {
    url,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
