// Load snippets of hardware-specific inference engines: memra (Blackwell GPUs), cortiq (CMF files),
// Mobilint NPUs and ANEForge (Apple Neural Engine).

import { flat, lines, pyStr, shQuote, toJson } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { ownEntry } from "../model-readers.js";
import { LOCAL_DOWNLOAD_DIR, pipInstall } from "./common.js";
import { pickRepoFile } from "./frameworks-files.js";
import { EXAMPLE_PROMPT } from "./frameworks-llm.js";

const QUOTED_DOWNLOAD_DIR = shQuote(LOCAL_DOWNLOAD_DIR);

/** A shell download of one repository file (or the whole repository) and the local path it lands at. */
function downloadInto(modelId: string, file: string | undefined): { command: string; path: string } {
  const repo = shQuote(modelId);
  const dir = QUOTED_DOWNLOAD_DIR;
  return file === undefined
    ? { command: `hf download ${repo} --local-dir ${dir}`, path: LOCAL_DOWNLOAD_DIR }
    : { command: `hf download ${repo} ${shQuote(file)} --local-dir ${dir}`, path: `${LOCAL_DOWNLOAD_DIR}/${file}` };
}

// memra serves each model under an alias chosen at start-up; requests name the alias.
const MEMRA_ALIAS = "local";
const MEMRA_ADDRESS = "http://127.0.0.1:8080";
const MEMRA_MAX_TOKENS = 128;

// The model-independent memra snippets: the installer and the request to the running server.
const MEMRA_INSTALL = flat(
  lines(
    "# Prebuilt binaries for Linux x86_64 with an NVIDIA driver supporting CUDA 13.",
    "curl -fsSL https://raw.githubusercontent.com/avifenesh/memra/main/tools/install.sh | sh",
    `export PATH="$HOME/.local/bin:$PATH"`,
  ),
);
const MEMRA_REQUEST = flat(
  lines(
    `curl -sS ${MEMRA_ADDRESS}/v1/chat/completions \\`,
    `    -H 'Content-Type: application/json' \\`,
    `    -d ${shQuote(
      toJson({
        model: MEMRA_ALIAS,
        messages: [{ role: "user", content: EXAMPLE_PROMPT }],
        max_tokens: MEMRA_MAX_TOKENS,
      }),
    )}`,
  ),
);

const MEMRA_CODE = template((command, quote) => lines(`${command}`, `export MEMRA_MODELS=${quote}`, "memra-server"));

/**
 * memra: the prebuilt engine installed, the model (its GGUF file when listed, else the repository) downloaded
 * and served over the OpenAI-compatible API, then one chat completion requested from it.
 */
export function memra(model: ModelRecord): string[] {
  const download = downloadInto(model.id, pickRepoFile(model, ".gguf"));
  return [MEMRA_INSTALL, MEMRA_CODE(download.command, shQuote(`${MEMRA_ALIAS}=${download.path}`)), MEMRA_REQUEST];
}

const CORTIQ_PROMPT = flat(`--prompt ${shQuote(EXAMPLE_PROMPT)}`);
const CORTIQ_INSTALL_NOTE =
  "# Install the runtime first: cargo install cortiq-cli (or a prebuilt binary from its releases).";

const CORTIQ_CODE = template((idSh) =>
  lines(
    CORTIQ_INSTALL_NOTE,
    `hf download ${idSh} --include '*.cmf' --local-dir ${QUOTED_DOWNLOAD_DIR}`,
    `cortiq run ${LOCAL_DOWNLOAD_DIR}/*.cmf ${CORTIQ_PROMPT}`,
  ),
);

const CORTIQ_CODE_2 = template((command, path) =>
  lines(CORTIQ_INSTALL_NOTE, `${command}`, `cortiq verify ${path}`, `cortiq run ${path} ${CORTIQ_PROMPT}`),
);

/**
 * cortiq: the CMF file downloaded, its integrity checked, and a prompt run with the cortiq CLI. Without a file
 * list, every `.cmf` of the repository is downloaded and the glob runs the one there is.
 */
export function cortiq(model: ModelRecord): string[] {
  const file = pickRepoFile(model, ".cmf");
  if (file === undefined) {
    return [CORTIQ_CODE(shQuote(model.id))];
  }
  const download = downloadInto(model.id, file);
  const path = shQuote(download.path);
  return [CORTIQ_CODE_2(download.command, path)];
}

// mblt-model-zoo mirrors transformers' pipeline API; each task gets the input its pipeline expects.
const MOBILINT_SAMPLE_AUDIO = "https://huggingface.co/datasets/Narsil/asr_dummy/resolve/main/1.flac";
const MOBILINT_SAMPLE_IMAGE = "http://images.cocodataset.org/val2017/000000039769.jpg";
const MOBILINT_MAX_LENGTH = 512;
const MOBILINT_CALLS: Readonly<Record<string, string>> = {
  "automatic-speech-recognition": `print(pipe(${pyStr(MOBILINT_SAMPLE_AUDIO)}))`,
  "fill-mask": `print(pipe(f"Paris is the {pipe.tokenizer.mask_token} of France."))`,
  "image-text-to-text": flat(
    lines(
      "messages = [",
      "    {",
      `        "role": "user",`,
      `        "content": [`,
      `            {"type": "image", "image": ${pyStr(MOBILINT_SAMPLE_IMAGE)}},`,
      `            {"type": "text", "text": "Describe this image."},`,
      "        ],",
      "    }",
      "]",
      `print(pipe(text=messages, generate_kwargs={"max_length": ${MOBILINT_MAX_LENGTH}}))`,
    ),
  ),
  "text-generation": flat(
    lines(
      `messages = [{"role": "user", "content": ${pyStr(EXAMPLE_PROMPT)}}]`,
      `print(pipe(messages, max_length=${MOBILINT_MAX_LENGTH}))`,
    ),
  ),
};

// Each pipeline's opening line (task literal escaped once, here) with its example call.
const MOBILINT_PIPELINES: Readonly<Record<string, { open: string; call: string }>> = Object.fromEntries(
  Object.entries(MOBILINT_CALLS).map(([task, call]) => [
    task,
    { open: `pipe = pipeline(${pyStr(task)}, model=`, call },
  ]),
);
const MOBILINT_INSTALL = pipInstall(`"mblt-model-zoo[transformers]"`);
const MOBILINT_NOTE = "# Runs on a Mobilint NPU (Aries) with the Mobilint runtime installed.";

const MOBILINT_CODE = template((open, id, call) =>
  lines("from mblt_model_zoo.transformers import pipeline", "", `${open}${id})`, `${call}`),
);

const MOBILINT_CODE_2 = template((id) =>
  lines("from mblt_model_zoo.transformers import AutoModel", "", `model = AutoModel.from_pretrained(${id})`),
);

const MOBILINT_CODE_3 = template((load) => lines(MOBILINT_NOTE, `${load}`));

/**
 * Mobilint: models compiled for Mobilint NPUs load through mblt-model-zoo's drop-in transformers classes;
 * tasks with a pipeline get one, other models the auto class.
 */
export function mobilint(model: ModelRecord): string[] {
  const pipeline = ownEntry(MOBILINT_PIPELINES, model.pipeline_tag);
  const load = pipeline
    ? MOBILINT_CODE(pipeline.open, pyStr(model.id), pipeline.call)
    : MOBILINT_CODE_2(pyStr(model.id));
  return [MOBILINT_INSTALL, MOBILINT_CODE_3(load)];
}

const ANEFORGE_EMBEDDING_TASKS: ReadonlySet<string> = new Set(["feature-extraction", "sentence-similarity"]);
const ANEFORGE_MAX_NEW_TOKENS = 24;
const ANEFORGE_PROMPT = pyStr(EXAMPLE_PROMPT);

const ANEFORGE_CODE = template((id) =>
  lines(
    "import aneforge as af",
    "",
    `embed = af.load(${id})`,
    `vectors = embed(["The Neural Engine runs transformers.", "Cats sleep in the sun."])`,
    "print(vectors.shape)",
  ),
);

const ANEFORGE_CODE_2 = template((id) =>
  lines(
    "import aneforge as af",
    "from transformers import AutoTokenizer",
    "",
    `tokenizer = AutoTokenizer.from_pretrained(${id})`,
    `model = af.load_llm(${id})`,
    `prompt_ids = tokenizer(${ANEFORGE_PROMPT})["input_ids"]`,
    `output_ids = model.generate(prompt_ids, max_new_tokens=${ANEFORGE_MAX_NEW_TOKENS})`,
    "print(tokenizer.decode(output_ids))",
  ),
);

const ANEFORGE_CODE_3 = flat(
  lines(
    "git clone https://github.com/sbryngelson/ANEForge",
    "cd ANEForge",
    `pip install -e ".[models]"`,
    "# Builds the native dispatch library; needs the Xcode command-line tools.",
    "sh aneforge/_lib/build.sh",
  ),
);

/**
 * ANEForge: built from source on an Apple Silicon Mac; sentence encoders load as embedders, other models as
 * decoder LLMs run with prefill and KV-cache decode on the Neural Engine.
 */
export function aneforge(model: ModelRecord): string[] {
  const id = pyStr(model.id);
  const use =
    model.pipeline_tag !== undefined && ANEFORGE_EMBEDDING_TASKS.has(model.pipeline_tag)
      ? ANEFORGE_CODE(id)
      : ANEFORGE_CODE_2(id);
  return [ANEFORGE_CODE_3, use];
}
