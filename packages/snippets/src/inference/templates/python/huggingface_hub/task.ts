// python × huggingface_hub: one InferenceClient task method per pipeline (non-chat tasks).
import { lines, pyStr, pyValue } from "../../../../code/index.js";
import { OUTPUT_FILES, type TaskInput } from "../../../task-inputs.js";
import { PYTHON_HUB_METHODS } from "../../../tasks.js";
import type { TaskContext } from "../../context.js";
import { pyCall } from "../code.js";
import { clientSetup } from "./client.js";

/** The task method called on the example input, its result printed or saved. */
export function task(ctx: TaskContext): string {
  const args = inputArgs(ctx.input, ctx.io.textKey ?? "prompt");
  if (ctx.target.endpointUrl === null) args.push(`model=${pyStr(ctx.target.hubModel)}`);
  const call = pyCall(`client.${PYTHON_HUB_METHODS[ctx.task]}`, args);
  const output = ctx.io.output;
  if (output === "json") return lines(...clientSetup(ctx.target), `result = ${call}`, "", "print(result)");
  if (output === "image") {
    return lines(
      ...clientSetup(ctx.target),
      "# The image is a PIL.Image object.",
      `image = ${call}`,
      `image.save(${pyStr(OUTPUT_FILES.image)})`,
    );
  }
  return lines(
    ...clientSetup(ctx.target),
    `${output} = ${call}`,
    "",
    `with open(${pyStr(OUTPUT_FILES[output])}, "wb") as f:`,
    `    f.write(${output})`,
  );
}

// Positional input first, then keywords, as the client's method signatures take them.
function inputArgs(input: TaskInput, textKey: "prompt" | "question"): string[] {
  switch (input.kind) {
    case "text":
      return [pyStr(input.text)];
    case "text-labels":
      return [pyStr(input.text), `candidate_labels=${pyValue(input.labels, 1)}`];
    case "sentences":
      return [pyStr(input.source), `other_sentences=${pyValue(input.sentences, 1)}`];
    case "qa":
      return [`question=${pyStr(input.question)}`, `context=${pyStr(input.context)}`];
    case "table-qa":
      return [`table=${pyValue(input.table, 1)}`, `query=${pyStr(input.query)}`];
    case "tabular":
      return [`table=${pyValue(input.data, 1)}`];
    case "file":
      return [pyStr(input.file)];
    case "file-labels":
      return [pyStr(input.file), `candidate_labels=${pyValue(input.labels, 1)}`];
    case "file-text":
      return [pyStr(input.file), `${textKey}=${pyStr(input.text)}`];
  }
}
