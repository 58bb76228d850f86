// Load snippets of local LLM runtimes driven from Python or a CLI: llama-cpp-python, MLX and LiteRT-LM.

import { flat, lines, pyStr, pyStrBody, shQuote } from "../code/index.js";
import { type Hole, template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { LOCAL_DOWNLOAD_DIR, pipInstall } from "./common.js";
import { pickRepoFile } from "./frameworks-files.js";

/** The example question every runtime of this file is asked. */
export const EXAMPLE_PROMPT = "What is the capital of France?";
const CONVERSATIONAL_TAG = "conversational";

// A medium quantization most GGUF repositories publish; used when the record lists no files to choose from.
const GGUF_PREFERRED_QUANT = "q4_k_m";
const GGUF_FALLBACK_GLOB = "*Q4_K_M.gguf";
// Multimodal GGUF repositories ship the vision projector beside the language model; it is not loadable alone.
const GGUF_PROJECTOR_MARKER = "mmproj";
const LLAMA_CPP_MAX_TOKENS = 64;

// The model-independent parts of the llama-cpp-python snippet, built once.
const LLAMA_CPP_CHAT_CALL = flat(
  lines(
    "output = llm.create_chat_completion(",
    `    messages=[{"role": "user", "content": ${pyStr(EXAMPLE_PROMPT)}}],`,
    `    max_tokens=${LLAMA_CPP_MAX_TOKENS},`,
    ")",
    `print(output["choices"][0]["message"]["content"])`,
  ),
);
const LLAMA_CPP_COMPLETION_CALL = flat(
  lines(
    `output = llm(${pyStr(`Q: ${EXAMPLE_PROMPT} A:`)}, max_tokens=${LLAMA_CPP_MAX_TOKENS}, stop=["Q:"])`,
    `print(output["choices"][0]["text"])`,
  ),
);
const LLAMA_CPP_IMPORTS = flat(
  lines("# pip install -U llama-cpp-python huggingface_hub", "from llama_cpp import Llama", ""),
);
const LLAMA_CPP_GLOB_NOTE = "# A glob picks the GGUF file; change it to the quantization you want from the repository.";

/** The llama-cpp-python snippet's lines, with holes for the id and file literals; `note` says a glob picks the file. */
function llamaCppLines(id: Hole, file: Hole, note: boolean, chat: boolean): string {
  return lines(
    LLAMA_CPP_IMPORTS,
    note && LLAMA_CPP_GLOB_NOTE,
    "llm = Llama.from_pretrained(",
    `    repo_id=${id},`,
    `    filename=${file},`,
    ")",
    "",
    chat ? LLAMA_CPP_CHAT_CALL : LLAMA_CPP_COMPLETION_CALL,
  );
}

// The snippet for a listed file and for the glob, for chat and completion models, joined once.
const LLAMA_CPP_CODES = {
  file: {
    chat: template((id, file) => llamaCppLines(id, file, false, true)),
    completion: template((id, file) => llamaCppLines(id, file, false, false)),
  },
  glob: {
    chat: template((id, file) => llamaCppLines(id, file, true, true)),
    completion: template((id, file) => llamaCppLines(id, file, true, false)),
  },
} as const;

/**
 * llama-cpp-python: `Llama.from_pretrained` on a GGUF file of the repository (a Q4_K_M one when listed, else
 * the first), or on a file-name glob when the record lists no files; chat models get a chat completion.
 */
export function llamaCppPython(model: ModelRecord): string[] {
  const file = pickRepoFile(model, ".gguf", GGUF_PREFERRED_QUANT, GGUF_PROJECTOR_MARKER);
  const codes = LLAMA_CPP_CODES[file === undefined ? "glob" : "file"];
  const code = model.tags.includes(CONVERSATIONAL_TAG) ? codes.chat : codes.completion;
  return [code(pyStr(model.id), pyStr(file ?? GGUF_FALLBACK_GLOB))];
}

const MLX_VLM_TASK = "image-text-to-text";
const MLX_VLM_IMAGE = "http://images.cocodataset.org/val2017/000000039769.jpg";
const MLX_VLM_PROMPT = "Describe this image.";
const MLX_MAX_TOKENS = 100;
const MLX_VLM_ARGS = flat(`    --prompt ${shQuote(MLX_VLM_PROMPT)} --image ${shQuote(MLX_VLM_IMAGE)}`);
// The model-independent parts of the MLX snippets, built once.
const MLX_LM_INSTALL = pipInstall("mlx-lm");
const MLX_LM_ARGS = flat(`--max-tokens ${MLX_MAX_TOKENS} --prompt ${shQuote(EXAMPLE_PROMPT)}`);
const MLX_LM_IMPORTS = flat(lines("from mlx_lm import generate, load", ""));
const MLX_LM_CHAT = flat(
  lines(
    `messages = [{"role": "user", "content": ${pyStr(EXAMPLE_PROMPT)}}]`,
    "prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True)",
    `text = generate(model, tokenizer, prompt=prompt, max_tokens=${MLX_MAX_TOKENS}, verbose=True)`,
  ),
);

const MLX_CODE = template((idSh) =>
  lines(`python -m mlx_vlm.generate --model ${idSh} --max-tokens ${MLX_MAX_TOKENS} \\`, MLX_VLM_ARGS),
);

const MLX_INSTALL = pipInstall("mlx-vlm");

/**
 * MLX: vision-language models run with mlx-vlm's generate script; language models with `mlx_lm.generate`,
 * plus, for chat models, the Python API applying the chat template.
 */
export function mlx(model: ModelRecord): string[] {
  if (model.pipeline_tag === MLX_VLM_TASK) {
    return [MLX_INSTALL, MLX_CODE(shQuote(model.id))];
  }
  const snippets = [MLX_LM_INSTALL, `mlx_lm.generate --model ${shQuote(model.id)}${MLX_LM_ARGS_AFTER_ID}`];
  if (model.tags.includes(CONVERSATIONAL_TAG))
    snippets.push(MLX_LM_CHAT_OPEN + pyStrBody(model.id) + MLX_LM_CHAT_CLOSE);
  return snippets;
}

// The text around the id in the mlx-lm snippets, joined once.
const MLX_LM_ARGS_AFTER_ID = flat(` ${MLX_LM_ARGS}`);
const MLX_LM_CHAT_OPEN = flat(`${MLX_LM_IMPORTS}\nmodel, tokenizer = load("`);
const MLX_LM_CHAT_CLOSE = flat(`")\n${MLX_LM_CHAT}`);

const LITERT_PROMPT = flat(`--prompt=${shQuote(EXAMPLE_PROMPT)}`);

const LITERT_LM_CODE = template((idSh, quote) =>
  lines(pipInstall("litert-lm"), `litert-lm run --from-huggingface-repo=${idSh} ${quote} ${LITERT_PROMPT}`),
);

const LITERT_LM_CODE_2 = template((idSh) =>
  lines(
    pipInstall("litert-lm"),
    `hf download ${idSh} --include '*.litertlm' --local-dir ${shQuote(LOCAL_DOWNLOAD_DIR)}`,
    "# Run the bundle you downloaded (the glob expects exactly one).",
    `litert-lm run ${LOCAL_DOWNLOAD_DIR}/*.litertlm ${LITERT_PROMPT}`,
  ),
);

/**
 * LiteRT-LM: the CLI runs a `.litertlm` (or legacy `.task`) bundle straight from the hub repository when the
 * record names one; otherwise the bundles are downloaded first and the local one is run.
 */
export function litertLm(model: ModelRecord): string[] {
  const file = pickRepoFile(model, ".litertlm") ?? pickRepoFile(model, ".task");
  if (file !== undefined) {
    return [LITERT_LM_CODE(shQuote(model.id), shQuote(file))];
  }
  return [LITERT_LM_CODE_2(shQuote(model.id))];
}
