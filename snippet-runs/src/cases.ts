// The runs: every inference snippet of the demo catalog, for every provider the catalog maps (plus the default and
// `auto`), with and without streaming, billTo, directRequest and endpointUrl, on every client that can run here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildInferenceSnippets,
  type InferenceOptions,
  type InferenceProvider,
  isInferenceProvider,
  type ModelRecord,
  parseModelRecord,
} from "@modelhub/snippets";
import { REPO_ROOT } from "./runtimes.js";
import { ENDPOINT_HOST } from "./stand-in/apis.js";

/** The clients the harness executes, by `language/client`, with the name the report shows. */
export const RUN_CLIENTS = {
  "sh/curl": "curl",
  "python/requests": "requests",
  "python/huggingface_hub": "huggingface_hub",
  "js/fetch": "fetch",
  "js/openai": "openai",
  "js/huggingface.js": "huggingface.js",
} as const;

/** A client the harness runs. */
export type RunClient = (typeof RUN_CLIENTS)[keyof typeof RUN_CLIENTS];

/** One snippet to run and what made it. */
export interface Case {
  /** The model. */
  model: ModelRecord;
  /** Served task (`conversational` for chat). */
  task: string;
  /** Options the snippet was built with. */
  options: InferenceOptions;
  /** Language of the snippet. */
  language: "python" | "js" | "sh";
  /** Client (report name). */
  client: RunClient;
  /** The code. */
  content: string;
  /** Runs made with the same model and options share a group: their requests are compared. */
  group: number;
}

/** The billing organisation and custom endpoint the runs use. */
export const BILL_TO = "snippet-runs-org";
export const ENDPOINT_URL = `https://${ENDPOINT_HOST}`;
const SAMPLING = { temperature: 0.5, max_tokens: 512, top_p: 0.7 } as const;

/** The demo catalog's records. */
export function loadCatalog(): ModelRecord[] {
  const text = readFileSync(join(REPO_ROOT, "packages/server/catalog/demo-models.jsonl"), "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => parseModelRecord(JSON.parse(line)));
}

/** A snippet whose client cannot be installed here (python openai, fal_client): its call shapes are checked instead. */
export interface ShapeCase {
  /** Client name. */
  client: "openai" | "fal_client";
  /** The code. */
  content: string;
  /** Model and options, for the report. */
  label: string;
}

/** Every case of the catalog, and the snippets left to the call-shape checks (python openai, fal_client). */
export function buildCases(models: readonly ModelRecord[]): { cases: Case[]; notRun: ShapeCase[] } {
  const cases: Case[] = [];
  const notRun: ShapeCase[] = [];
  let group = 0;
  const silent = { warn: () => {} };
  const full = representatives(models);
  for (const model of models) {
    const seen = new Set<string>();
    for (const options of optionSets(model, full.has(model))) {
      const result = buildInferenceSnippets(model, options, silent);
      group++;
      for (const snippet of result.snippets) {
        const client = RUN_CLIENTS[`${snippet.language}/${snippet.client}` as keyof typeof RUN_CLIENTS];
        // The same code under other options (billTo on a direct call, say) is one run, not two.
        const key = `${snippet.language}/${snippet.client}\n${snippet.content}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (!client) {
          const label = `${model.id} python/${snippet.client} ${JSON.stringify(options)}`;
          notRun.push({ client: snippet.client as ShapeCase["client"], content: snippet.content, label });
          continue;
        }
        const chat =
          model.pipeline_tag === "image-text-to-text" ||
          (model.pipeline_tag === "text-generation" && model.tags.includes("conversational"));
        cases.push({
          model,
          task: chat ? "conversational" : (model.pipeline_tag ?? ""),
          options,
          language: snippet.language,
          client,
          content: snippet.content,
          group,
        });
      }
    }
  }
  return { cases, notRun };
}

// Every model runs with every provider it can use; the option variants (streaming with sampling, billTo,
// directRequest, endpointUrl) run on the first model of each task and provider set, since the code of the others
// differs from it only by the model's names.
function optionSets(model: ModelRecord, full: boolean): InferenceOptions[] {
  const chat = model.pipeline_tag === "image-text-to-text" || model.tags.includes("conversational");
  const mapped = Object.keys(model.inferenceProviderMapping ?? {}).filter(isInferenceProvider);
  const providers: InferenceProvider[] = [...new Set<InferenceProvider>(["hf-inference", "auto", ...mapped])];
  const sets: InferenceOptions[] = providers.map((provider) => ({ provider }));
  if (!full) return sets;
  const withStream = (options: InferenceOptions) =>
    chat ? [options, { ...options, streaming: true, ...SAMPLING }] : [options];
  for (const provider of providers) {
    if (chat) sets.push({ provider, streaming: true, ...SAMPLING });
    sets.push(...withStream({ provider, billTo: BILL_TO }));
    if (provider !== "hf-inference" && provider !== "auto") sets.push(...withStream({ provider, directRequest: true }));
  }
  sets.push(...withStream({ provider: "hf-inference", endpointUrl: ENDPOINT_URL }));
  return sets;
}

/** The models whose option variants all run: the first of each task and provider set. */
function representatives(models: readonly ModelRecord[]): Set<ModelRecord> {
  const seen = new Map<string, ModelRecord>();
  for (const model of models) {
    const key = `${model.pipeline_tag} ${model.tags.includes("conversational")} ${Object.keys(
      model.inferenceProviderMapping ?? {},
    )
      .sort()
      .join(",")}`;
    if (!seen.has(key)) seen.set(key, model);
  }
  return new Set(seen.values());
}
