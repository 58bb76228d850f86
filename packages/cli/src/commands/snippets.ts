// `modelhub snippets [FILE|-]`: the engine's JSON for one model record, or for JSON Lines with --batch.
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import {
  getLocalApps,
  getModelSnippets,
  InferenceOptionError,
  LocalAppsQuantError,
  ModelRecordError,
  parseModelRecord,
} from "@modelhub/snippets";
import { INFERENCE_FLAGS, INFERENCE_FLAGS_HELP, OPTION_OF_FLAG } from "./snippet-flags.js";

const HELP = `Usage: modelhub snippets [FILE|-] [options]
       modelhub snippets --batch < records.jsonl

Prints {"libraries": [...], "inference": [...], "inferenceInfo": {...}} for a model record (JSON, from FILE or stdin).

Inference options:
${INFERENCE_FLAGS_HELP}

Local apps:
  --local-apps           print {"quants", "quant", "hubUrl", "apps"}: the local apps that run the model
  --quant LABEL          with --local-apps: the GGUF quant the commands use (default Q4_K_M or the nearest)
  --hub-url URL          with --local-apps: the hub the commands download from (default the public hub)

  --batch                read JSON Lines {"model": {...}, "options": {...}}, print one result per line
  -h, --help             this help

Bad input: a message on stderr and exit status 2.`;

const FLAGS = {
  ...INFERENCE_FLAGS,
  batch: { type: "boolean" },
  "local-apps": { type: "boolean" },
  quant: { type: "string" },
  "hub-url": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Turns anything the engine throws for bad input into one line; rethrows bugs. */
function describeBadInput(error: unknown): string {
  if (
    error instanceof ModelRecordError ||
    error instanceof InferenceOptionError ||
    error instanceof LocalAppsQuantError ||
    error instanceof LocalAppsHubError
  ) {
    return error.message;
  }
  if (error instanceof SyntaxError) return `Invalid JSON: ${error.message}`;
  throw error;
}

function snippetsFor(modelJson: unknown, options: Record<string, unknown>): string {
  return JSON.stringify(getModelSnippets(parseModelRecord(modelJson), options));
}

/** A --hub-url that is not an http(s) URL. */
class LocalAppsHubError extends Error {}

function localAppsFor(modelJson: unknown, quant: string | undefined, hubUrl: string | undefined): string {
  if (hubUrl !== undefined && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(hubUrl)) {
    throw new LocalAppsHubError(`--hub-url must be an http(s) URL, not "${hubUrl}"`);
  }
  const options = { ...(quant === undefined ? {} : { quant }), ...(hubUrl === undefined ? {} : { hubUrl }) };
  return JSON.stringify(getLocalApps(parseModelRecord(modelJson), options));
}

async function readInput(file: string | undefined): Promise<string> {
  if (file !== undefined && file !== "-") return readFile(file, "utf8");
  const chunks: Buffer[] = [];
  // A piped stdin yields Buffers; accept strings too (an encoding may have been set).
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

async function runBatch(): Promise<number> {
  let failed = 0;
  const input = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of input) {
    if (line.trim() === "") continue;
    try {
      const item = JSON.parse(line) as { model?: unknown; options?: unknown };
      const options = item.options ?? {};
      if (typeof options !== "object" || options === null || Array.isArray(options)) {
        throw new InferenceOptionError("options", "options must be an object");
      }
      process.stdout.write(`${snippetsFor(item.model, options as Record<string, unknown>)}\n`);
    } catch (error) {
      failed++;
      process.stdout.write(`${JSON.stringify({ error: describeBadInput(error) })}\n`);
    }
  }
  return failed === 0 ? 0 : 2;
}

/** Runs `modelhub snippets`. */
export async function snippetsCommand(args: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof FLAGS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args, options: FLAGS, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`modelhub snippets: ${(error as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (values.batch) return runBatch();
  if (positionals.length > 1) {
    process.stderr.write("modelhub snippets: give at most one FILE\n");
    return 2;
  }
  const options: Record<string, unknown> = {};
  for (const [flag, value] of Object.entries(values)) {
    const name = OPTION_OF_FLAG.get(flag);
    if (name !== undefined && value !== undefined) options[name] = value;
  }
  try {
    const text = await readInput(positionals[0]);
    const model: unknown = JSON.parse(text);
    const json = values["local-apps"]
      ? localAppsFor(model, values.quant, values["hub-url"])
      : snippetsFor(model, options);
    process.stdout.write(`${json}\n`);
    return 0;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = code === "ENOENT" || code === "EISDIR" ? (error as Error).message : describeBadInput(error);
    process.stderr.write(`modelhub snippets: ${message}\n`);
    return 2;
  }
}
