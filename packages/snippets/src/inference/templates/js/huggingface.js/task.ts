// js × huggingface.js: one InferenceClient task method per pipeline (non-chat tasks).
import { jsStr, jsValue, lines } from "../../../../code/index.js";
import { MEDIA_TYPES, OUTPUT_FILES, type TaskInput, type TaskIo } from "../../../task-inputs.js";
import { JS_HUB_METHODS } from "../../../tasks.js";
import type { TaskContext } from "../../context.js";
import { jsObject } from "../code.js";
import { clientCall, clientSetup, routeArgs } from "./client.js";

// Few steps keep the example fast (spec §9: the JS text-to-image example uses 5 inference steps).
const TEXT_TO_IMAGE_STEPS = 5;

/** The task method called on the example input, its result printed or saved. */
export function task(ctx: TaskContext): string {
  const { input, io } = ctx;
  const file = "file" in input ? input.file : null;
  const entries: Array<[string, string]> = [...routeArgs(ctx.target, false), ...inputEntries(input, io)];
  if (ctx.task === "text-to-image") entries.push(["parameters", `{ num_inference_steps: ${TEXT_TO_IMAGE_STEPS} }`]);
  const imports = [
    file !== null && io.output !== "json"
      ? 'import { readFile, writeFile } from "node:fs/promises";'
      : file !== null
        ? 'import { readFile } from "node:fs/promises";'
        : io.output !== "json"
          ? 'import { writeFile } from "node:fs/promises";'
          : null,
  ].filter((line): line is string => line !== null);
  const call = clientCall(ctx.target, JS_HUB_METHODS[ctx.task], entries);
  return lines(
    ...clientSetup(ctx.target, imports),
    file !== null &&
      `const data = new Blob([await readFile(${jsStr(file)})], { type: ${jsStr(MEDIA_TYPES[io.media ?? "image"])} });`,
    file !== null && "",
    ...(io.output === "json"
      ? [`const result = await ${call};`, "", "console.log(result);"]
      : [
          `const ${io.output} = await ${call};`,
          "",
          `await writeFile(${jsStr(OUTPUT_FILES[io.output])}, Buffer.from(await ${io.output}.arrayBuffer()));`,
        ]),
  );
}

// The `inputs` (and `parameters`) of each input shape; a file is the `data` Blob read above.
function inputEntries(input: TaskInput, io: TaskIo): Array<[string, string]> {
  switch (input.kind) {
    case "text":
      return [["inputs", jsStr(input.text)]];
    case "text-labels":
      return [
        ["inputs", jsStr(input.text)],
        ["parameters", jsObject([["candidate_labels", jsValue(input.labels, 2)]], 1)],
      ];
    case "sentences":
      return [["inputs", jsValue({ source_sentence: input.source, sentences: input.sentences }, 1)]];
    case "qa":
      return [["inputs", jsValue({ question: input.question, context: input.context }, 1)]];
    case "table-qa":
      return [["inputs", jsValue({ query: input.query, table: input.table }, 1)]];
    case "tabular":
      return [["inputs", jsValue({ data: input.data }, 1)]];
    case "file":
      return [["inputs", "data"]];
    case "file-labels":
      return [
        ["inputs", "{ image: data }"],
        ["parameters", jsObject([["candidate_labels", jsValue(input.labels, 2)]], 1)],
      ];
    case "file-text":
      return io.textKey === "question"
        ? [
            [
              "inputs",
              jsObject(
                [
                  ["image", "data"],
                  ["question", jsStr(input.text)],
                ],
                1,
              ),
            ],
          ]
        : [
            ["inputs", "data"],
            ["parameters", jsObject([["prompt", jsStr(input.text)]], 1)],
          ];
  }
}
