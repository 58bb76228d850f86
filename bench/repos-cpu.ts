// CPU time a process has used, from /proc (Linux): with seven other engineers' work on two cores, a server's CPU
// per request or per byte says more about its cost than its rate, which depends on what else ran meanwhile.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

// Clock ticks per second of /proc's times (USER_HZ; 100 on every usual Linux).
const TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** User + system CPU seconds process `pid` has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces, inside parentheses); utime and stime are 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** Runs `work` and returns its result with the CPU seconds process `pid` used meanwhile. */
export async function withCpu<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; cpu: number }> {
  const before = cpuSeconds(pid);
  const result = await work();
  return { result, cpu: cpuSeconds(pid) - before };
}
