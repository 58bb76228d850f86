// The local apps table: one row per app, sorted by key. Each command form was checked against the docs page in
// `docsUrl` (see the test beside this file for the rules of when an app shows).
import { janDeeplink, janSnippets, lmStudioDeeplink, lmStudioSnippets } from "./apps-desktop.js";
import { koboldcppSnippets, llamafileSnippets, localAiSnippets, nodeLlamaCppSnippets } from "./apps-gguf-runners.js";
import { llamaCppSnippets } from "./apps-llama-cpp.js";
import { dockerModelRunnerSnippets, ollamaSnippets } from "./apps-registry-pull.js";
import { mlxLmSnippets, sglangSnippets, tgiSnippets, vllmSnippets } from "./apps-servers.js";
import type { LocalApp, LocalAppContext } from "./local-app.js";
import { hasGguf, hasServableWeights, isMlx, servesModel } from "./model-forms.js";

const singleFileGguf = (context: LocalAppContext) => hasGguf(context) && !context.quant?.shards;

/** Every local app the panel knows, keyed by a stable id. */
export const LOCAL_APPS = {
  "docker-model-runner": {
    prettyLabel: "Docker Model Runner",
    docsUrl: "https://docs.docker.com/ai/model-runner/",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: hasGguf,
    snippets: dockerModelRunnerSnippets,
  },
  jan: {
    prettyLabel: "Jan",
    docsUrl: "https://jan.ai/docs",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: hasGguf,
    deeplink: janDeeplink,
    snippets: janSnippets,
  },
  koboldcpp: {
    prettyLabel: "KoboldCpp",
    docsUrl: "https://github.com/LostRuins/koboldcpp/wiki",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: hasGguf,
    snippets: koboldcppSnippets,
  },
  "llama.cpp": {
    prettyLabel: "llama.cpp",
    docsUrl: "https://github.com/ggml-org/llama.cpp/blob/master/README.md",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: hasGguf,
    snippets: llamaCppSnippets,
  },
  llamafile: {
    prettyLabel: "llamafile",
    docsUrl: "https://github.com/mozilla-ai/llamafile/blob/main/README.md",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: singleFileGguf,
    snippets: llamafileSnippets,
  },
  "lm-studio": {
    prettyLabel: "LM Studio",
    docsUrl: "https://lmstudio.ai/docs/cli",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: (context) => hasGguf(context) || (isMlx(context.model) && context.hub.isPublic),
    deeplink: lmStudioDeeplink,
    snippets: lmStudioSnippets,
  },
  localai: {
    prettyLabel: "LocalAI",
    docsUrl: "https://localai.io/basics/getting_started/",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: singleFileGguf,
    snippets: localAiSnippets,
  },
  "mlx-lm": {
    prettyLabel: "MLX LM",
    docsUrl: "https://github.com/ml-explore/mlx-lm/blob/main/README.md",
    mainTask: "text-generation",
    macOSOnly: true,
    displayOnModel: (context) => isMlx(context.model),
    snippets: mlxLmSnippets,
  },
  "node-llama-cpp": {
    prettyLabel: "node-llama-cpp",
    docsUrl: "https://node-llama-cpp.withcat.ai/cli/chat",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: hasGguf,
    snippets: nodeLlamaCppSnippets,
  },
  ollama: {
    prettyLabel: "Ollama",
    docsUrl: "https://github.com/ollama/ollama/blob/main/docs/import.md",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: hasGguf,
    snippets: ollamaSnippets,
  },
  sglang: {
    prettyLabel: "SGLang",
    docsUrl: "https://docs.sglang.ai/get_started/install.html",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: servesModel,
    snippets: sglangSnippets,
  },
  tgi: {
    prettyLabel: "Text Generation Inference",
    docsUrl: "https://huggingface.co/docs/text-generation-inference/quicktour",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: (context) => hasServableWeights(context.model),
    snippets: tgiSnippets,
  },
  vllm: {
    prettyLabel: "vLLM",
    docsUrl: "https://docs.vllm.ai/en/latest/features/quantization/gguf/",
    mainTask: "text-generation",
    macOSOnly: false,
    displayOnModel: servesModel,
    snippets: vllmSnippets,
  },
} as const satisfies Record<string, LocalApp>;

/** A local app's key, e.g. `llama.cpp`. */
export type LocalAppKey = keyof typeof LOCAL_APPS;
