// Runs JS snippets one after another in this process (module loading is paid once): one JSON job per input line,
// one JSON result per output line. Each snippet gets its own folder, environment and captured output.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { format } from "node:util";

const baseEnv = { ...process.env };
const write = process.stdout.write.bind(process.stdout);
let captured = null;
let failure = null;

process.stdout.write = (chunk, ...rest) => {
  if (captured === null) return write(chunk, ...rest);
  captured.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
  return true;
};
for (const level of ["log", "info", "warn", "error"]) {
  console[level] = (...args) => process.stdout.write(`${format(...args)}\n`);
}
process.on("unhandledRejection", (reason) => {
  failure = String(reason?.stack ?? reason);
});

for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  for (const key of Object.keys(process.env)) if (!(key in baseEnv)) delete process.env[key];
  Object.assign(process.env, baseEnv, job.env);
  process.chdir(job.cwd);
  captured = [];
  failure = null;
  try {
    await import(pathToFileURL(job.file).href);
    // Let callbacks the snippet left behind settle, so their failures count.
    await new Promise((resolve) => setTimeout(resolve, 5));
  } catch (error) {
    failure = String(error?.stack ?? error);
  }
  const output = captured.join("");
  captured = null;
  write(`${JSON.stringify({ id: job.id, output, error: failure })}\n`);
}
