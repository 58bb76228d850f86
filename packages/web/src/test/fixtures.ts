import type { ModelDetail, ModelSnippets } from "../api";

/** Strings that would run script if any of them reached the page as HTML or as a link. */
export const HOSTILE = {
  script: "<script>window.__pwned = 1</script>",
  img: '"><img src=x onerror="window.__pwned = 1">',
  jsUrl: "javascript:window.__pwned=1",
} as const;

/** A chat model served by two providers. */
export const CHAT_MODEL: ModelDetail = {
  id: "meta-llama/Llama-3.1-8B-Instruct",
  author: "meta-llama",
  library_name: "transformers",
  pipeline_tag: "text-generation",
  tags: ["transformers", "safetensors", "conversational", "text-generation"],
  downloads: 1_234_567,
  likes: 4_321,
  lastModified: "2025-10-01T12:00:00Z",
  inferenceProviderMapping: {
    together: { providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", task: "conversational", status: "live" },
    novita: { providerId: "meta-llama/llama-3.1-8b-instruct", task: "conversational", status: "staging" },
  },
  hasCard: true,
};

/** The chat model as the API sends it: its files as `siblings` (README.md: it has a card). */
export const CHAT_MODEL_BODY = { ...CHAT_MODEL, siblings: [{ rfilename: "README.md" }, { rfilename: "config.json" }] };

/** The snippets of the chat model for the default options. */
export const CHAT_SNIPPETS: ModelSnippets = {
  libraries: [
    {
      key: "transformers",
      prettyLabel: "Transformers",
      repoName: "transformers",
      repoUrl: "https://github.com/huggingface/transformers",
      docsUrl: "https://huggingface.co/docs/transformers",
      filter: true,
      countDownloads: null,
      snippets: [
        'from transformers import pipeline\n\npipe = pipeline("text-generation", model="meta-llama/Llama-3.1-8B-Instruct")',
        "pip install -U transformers",
      ],
      languages: ["python", "sh"],
    },
    {
      key: "peft",
      prettyLabel: "PEFT",
      repoName: "peft",
      repoUrl: "https://github.com/huggingface/peft",
      docsUrl: null,
      filter: false,
      countDownloads: null,
      snippets: ["Task type is invalid."],
      languages: ["python"],
    },
  ],
  inference: [
    {
      language: "python",
      client: "huggingface_hub",
      provider: "auto",
      content: "from huggingface_hub import InferenceClient",
    },
    { language: "python", client: "openai", provider: "auto", content: "from openai import OpenAI" },
    {
      language: "js",
      client: "huggingface.js",
      provider: "auto",
      content: 'import { InferenceClient } from "@huggingface/inference";',
    },
    { language: "js", client: "openai", provider: "auto", content: 'import { OpenAI } from "openai";' },
    {
      language: "sh",
      client: "curl",
      provider: "auto",
      content: "curl https://router.huggingface.co/v1/chat/completions",
    },
  ],
  inferenceInfo: { reason: null, chat: true, token: { variable: "HF_TOKEN", accessTokenReplaced: false } },
  hub: {
    endpoint: "http://hub.lan:8080",
    python: "export HF_ENDPOINT='http://hub.lan:8080'",
    cloneUrl: "http://hub.lan:8080/meta-llama/Llama-3.1-8B-Instruct",
    git: "git clone 'http://hub.lan:8080/meta-llama/Llama-3.1-8B-Instruct'",
  },
};

/** A model whose every field tries to inject markup, script or a script URL. */
export const HOSTILE_MODEL: ModelDetail = {
  id: `demo/${HOSTILE.img}`,
  author: "demo",
  library_name: HOSTILE.script,
  pipeline_tag: HOSTILE.img,
  tags: [HOSTILE.script, HOSTILE.img, HOSTILE.jsUrl],
  downloads: 1,
  likes: 0,
  lastModified: HOSTILE.script,
  inferenceProviderMapping: { [HOSTILE.img]: { providerId: HOSTILE.script, task: HOSTILE.img, status: "live" } },
  hasCard: false,
};

/** Snippets whose registry fields and code carry the hostile strings. */
export const HOSTILE_SNIPPETS: ModelSnippets = {
  libraries: [
    {
      key: HOSTILE.script,
      prettyLabel: HOSTILE.img,
      repoName: HOSTILE.script,
      repoUrl: HOSTILE.jsUrl,
      docsUrl: `  ${HOSTILE.jsUrl}`,
      filter: true,
      countDownloads: null,
      snippets: [`# ${HOSTILE.script}\nprint("${HOSTILE.img}")`],
      languages: ["python"],
    },
  ],
  inference: [],
  inferenceInfo: {
    reason: { code: "task-not-supported", message: `No snippet for the task ${HOSTILE.img}.` },
    chat: false,
    token: { variable: HOSTILE.script, accessTokenReplaced: false },
  },
  hub: { endpoint: HOSTILE.jsUrl, python: HOSTILE.script, cloneUrl: HOSTILE.jsUrl, git: HOSTILE.img },
};

/** The local-apps answer for a model no local app runs. */
export const NO_LOCAL_APPS = { quants: [], quant: null, hubUrl: "http://hub.test", apps: [] };
