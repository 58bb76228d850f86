// The facts about the machine a benchmark ran on, for RESULTS.md.
import { cpus, totalmem } from "node:os";

/** One line naming the machine, Node version and date. */
export function machineLine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? "unknown CPU";
  const gib = (totalmem() / 1024 ** 3).toFixed(0);
  return `${cores.length} cores (${model}), ${gib} GiB RAM, Node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString().slice(0, 10)}`;
}
