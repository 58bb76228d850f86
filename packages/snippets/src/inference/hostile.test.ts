// Hostile values in every user-controlled field stay inside their literals, in every language.
import { describe, expect, it } from "vitest";
import { INVISIBLE } from "../code/visible.js";
import type { ModelRecord } from "../model.js";
import { parseSnippets } from "../test-utils/parse-check.js";
import { buildInferenceSnippets, type InferenceSnippet } from "./build.js";
import { CHAT_MODEL, taskModel, VLM_MODEL } from "./fixtures/cases.js";
import { HOSTILE, HOSTILE_HEADER, runWithFakeCurl } from "./fixtures/hostile.js";
import { ALL_PROVIDERS, MATRIX_MODELS } from "./fixtures/matrix.js";
import type { ChatMessage, InferenceOptions } from "./options.js";
import type { InferenceInputs } from "./task-inputs.js";
import { INFERENCE_TASKS, type InferenceTask } from "./tasks.js";

const SILENT = { warn: () => {} };
const MESSAGES: ChatMessage[] = [
  { role: "system", content: HOSTILE },
  {
    role: HOSTILE,
    content: [
      { type: "text", text: HOSTILE },
      { type: "image_url", image_url: { url: HOSTILE } },
    ],
  },
];
const OBJECT_INPUTS: Partial<Record<InferenceTask, InferenceInputs>> = {
  "sentence-similarity": { source_sentence: HOSTILE, sentences: [HOSTILE, HOSTILE] },
  "question-answering": { question: HOSTILE, context: HOSTILE },
  "table-question-answering": { query: HOSTILE, table: { [HOSTILE]: [HOSTILE] } },
  "tabular-classification": { data: { [HOSTILE]: [HOSTILE, 1] } },
  "tabular-regression": { data: { [HOSTILE]: [HOSTILE, 2.5] } },
  "zero-shot-classification": { text: HOSTILE, candidate_labels: [HOSTILE] },
  "zero-shot-image-classification": { image: HOSTILE, candidate_labels: [HOSTILE] },
  "image-to-image": { image: HOSTILE, text: HOSTILE },
  "document-question-answering": { image: HOSTILE, text: HOSTILE },
};

function hostileModel(model: ModelRecord): ModelRecord {
  return {
    ...model,
    id: `${model.id}${HOSTILE}`,
    inferenceProviderMapping: Object.fromEntries(
      ALL_PROVIDERS.map((provider) => [
        provider,
        { providerId: `p/${HOSTILE}`, task: "x", status: "staging" as const },
      ]),
    ),
  };
}

interface Run {
  label: string;
  model: ModelRecord;
  options: InferenceOptions;
}

const runs: Run[] = [];
for (const provider of ALL_PROVIDERS) {
  for (const model of MATRIX_MODELS) {
    for (const options of [
      {},
      { directRequest: true },
      { billTo: HOSTILE_HEADER },
      { streaming: true, messages: MESSAGES },
    ]) {
      runs.push({
        label: `${model.id} @${provider} ${JSON.stringify(Object.keys(options))}`,
        model: hostileModel(model),
        options: { ...options, provider },
      });
    }
  }
  for (const task of INFERENCE_TASKS) {
    runs.push({
      label: `${task} inputs @${provider}`,
      model: taskModel(task),
      options: { provider, inputs: OBJECT_INPUTS[task] ?? HOSTILE },
    });
  }
}
for (const model of [CHAT_MODEL, VLM_MODEL, ...INFERENCE_TASKS.map(taskModel)]) {
  runs.push({
    label: `${model.id} @endpoint`,
    model: hostileModel(model),
    options: { endpointUrl: `https://e.example/${HOSTILE}` },
  });
}

const items = runs.flatMap((run) => {
  let snippets: InferenceSnippet[];
  try {
    snippets = buildInferenceSnippets(run.model, run.options, SILENT).snippets;
  } catch {
    return []; // Inputs a task cannot take are rejected; that path has its own tests.
  }
  return snippets.map((snippet) => ({ ...snippet, label: `${run.label} ${snippet.language}/${snippet.client}`, run }));
});
const parsed = parseSnippets(items.map((item) => ({ language: item.language, code: item.content })));
const shell = items.filter((item) => item.language === "sh");
const curlRun = runWithFakeCurl(shell.map((item) => item.content));

describe("hostile values in inference snippets", () => {
  it(`every snippet still parses (${items.length} snippets)`, () => {
    const failures = items.flatMap((item, i) => (parsed[i]?.error ? [`${item.label}: ${parsed[i]?.error}`] : []));
    expect(failures).toEqual([]);
  });

  it("no payload name becomes code in python or js", () => {
    const leaks = items.filter((_, i) => parsed[i]?.names.some((name) => name.startsWith("PWNED")));
    expect(leaks.map((item) => `${item.label}\n${item.content}`)).toEqual([]);
  });

  it("the fake-curl runner sees bodies and payloads that do run (so the checks below can fail)", () => {
    const check = runWithFakeCurl(["curl 'u' -d '{\"a\": 1}'", "echo >PWNED_SH9"]);
    expect(check.runs.map((run) => run.bodies)).toEqual([['{"a": 1}'], []]);
    expect(check.created).toEqual(["PWNED_SH9"]);
  });

  it("no curl snippet holds a raw control character, bidirectional control or lone surrogate (LF aside)", () => {
    const raw = shell.filter((item) => INVISIBLE.test(item.content.replace(/\n/g, "")));
    expect(raw.map((item) => item.label)).toEqual([]);
  });

  it(`the payload never runs in the ${shell.length} curl snippets`, () => {
    expect(curlRun.created).toEqual([]);
  });

  it("each curl call gets exactly one JSON body argument, which parses (raw file uploads get none)", () => {
    const bad = shell.filter((item, i) => {
      const bodies = curlRun.runs[i]?.bodies ?? [];
      const expected = item.content.includes("--data-binary '@") ? 0 : 1;
      return bodies.length !== expected || !bodies.every(isJson);
    });
    expect(bad.map((item) => `${item.label}\n${item.content}`)).toEqual([]);
  });

  it("curl sends the hostile messages exactly as given", () => {
    const chats = shell
      .map((item, i) => ({ item, bodies: curlRun.runs[i]?.bodies ?? [] }))
      .filter(({ item }) => item.run.options.messages === MESSAGES && isChatModel(item.run.model));
    expect(chats.length).toBeGreaterThan(0);
    for (const { bodies } of chats) expect(JSON.parse(bodies[0] ?? "null").messages).toEqual(MESSAGES);
  });
});

function isChatModel(model: ModelRecord): boolean {
  return model.pipeline_tag === "image-text-to-text" || model.tags.includes("conversational");
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
