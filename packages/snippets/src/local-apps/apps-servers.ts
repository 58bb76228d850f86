// Python serving engines (vLLM, SGLang, TGI) and MLX LM. They download through huggingface_hub, so HF_ENDPOINT
// points them at this hub.
import { shComment, shQuote } from "../code/sh.js";
import { localServerCall } from "./chat-request.js";
import { downloadCommands, endpointPrefix, type HubTarget, localFile } from "./hub-target.js";
import type { LocalAppContext, LocalAppSnippet } from "./local-app.js";
import { hasServableWeights } from "./model-forms.js";

const HF_ENDPOINT = "HF_ENDPOINT";

function endpointNote(hub: HubTarget): string[] {
  return hub.isPublic ? [] : [shComment(`Downloads from ${hub.url} (${HF_ENDPOINT}).`)];
}

function dockerEnv(hub: HubTarget): string {
  return hub.isPublic ? "" : ` -e ${HF_ENDPOINT}=${shQuote(hub.url)}`;
}

// The base model named by a `base_model:` tag: the tokenizer vLLM recommends for GGUF files.
function baseModel(context: LocalAppContext): string | undefined {
  return context.model.tags.find((tag) => tag.startsWith("base_model:") && !tag.slice(11).includes(":"))?.slice(11);
}

/** vLLM: the repository, or a single-file GGUF quant as `repo:QUANT` (with the GGUF plugin). */
export function vllmSnippets(context: LocalAppContext): LocalAppSnippet[] {
  const { model, hub, quant } = context;
  const gguf = !hasServableWeights(model) && quant !== undefined;
  const served = gguf && quant ? `${model.id}:${quant.label}` : model.id;
  const tokenizer = gguf && baseModel(context) ? ` --tokenizer ${shQuote(baseModel(context) as string)}` : "";
  const call = localServerCall(model, "http://localhost:8000/v1", served);
  return [
    {
      title: "pip",
      setup: gguf ? "pip install vllm vllm-gguf-plugin" : "pip install vllm",
      content: [
        ...endpointNote(hub),
        `${endpointPrefix(hub, HF_ENDPOINT)}vllm serve ${shQuote(served)}${tokenizer}`,
        call,
      ].join("\n"),
    },
    ...(gguf
      ? []
      : [
          {
            title: "Docker",
            content: [
              `docker run --gpus all -v "$HOME/.cache/huggingface:/root/.cache/huggingface"${dockerEnv(hub)} \\`,
              `    -p 8000:8000 --ipc=host vllm/vllm-openai:latest --model ${shQuote(model.id)}`,
              call,
            ].join("\n"),
          },
        ]),
  ];
}

/** SGLang: the repository by id, or a downloaded single-file GGUF quant. */
export function sglangSnippets(context: LocalAppContext): LocalAppSnippet[] {
  const { model, hub, quant } = context;
  const gguf = !hasServableWeights(model) && quant !== undefined;
  const path = gguf && quant ? localFile(quant.path) : shQuote(model.id);
  const launch = `python3 -m sglang.launch_server --model-path ${path} --host 0.0.0.0 --port 30000`;
  const call = localServerCall(model, "http://localhost:30000/v1", "default");
  const pip: LocalAppSnippet = {
    title: "pip",
    setup: 'pip install "sglang[all]"',
    content: [
      ...(gguf && quant ? downloadCommands(hub, model.id, quant.files) : endpointNote(hub)),
      gguf ? launch : `${endpointPrefix(hub, HF_ENDPOINT)}${launch}`,
      call,
    ].join("\n"),
  };
  if (gguf) return [pip];
  return [
    pip,
    {
      title: "Docker",
      content: [
        `docker run --gpus all --shm-size 32g -p 30000:30000 -v "$HOME/.cache/huggingface:/root/.cache/huggingface"${dockerEnv(hub)} \\`,
        `    --ipc=host lmsysorg/sglang:latest ${launch}`,
        call,
      ].join("\n"),
    },
  ];
}

/** Text Generation Inference: the Docker image with `--model-id`. */
export function tgiSnippets({ model, hub }: LocalAppContext): LocalAppSnippet[] {
  return [
    {
      title: "Docker",
      content: [
        `docker run --gpus all --shm-size 1g -p 8080:80 -v "$PWD/data:/data"${dockerEnv(hub)} \\`,
        `    ghcr.io/huggingface/text-generation-inference:latest --model-id ${shQuote(model.id)}`,
        localServerCall(model, "http://localhost:8080/v1", "tgi"),
      ].join("\n"),
    },
  ];
}

/** MLX LM: generate, chat, or serve on Apple silicon. */
export function mlxLmSnippets({ model, hub }: LocalAppContext): LocalAppSnippet[] {
  const env = endpointPrefix(hub, HF_ENDPOINT);
  const id = shQuote(model.id);
  return [
    {
      title: "Generate",
      setup: "pip install mlx-lm",
      content: [...endpointNote(hub), `${env}mlx_lm.generate --model ${id} --prompt 'Hello, how are you?'`].join("\n"),
    },
    {
      title: "Chat",
      setup: "pip install mlx-lm",
      content: [...endpointNote(hub), `${env}mlx_lm.chat --model ${id}`].join("\n"),
    },
    {
      title: "Server",
      setup: "pip install mlx-lm",
      content: [
        ...endpointNote(hub),
        `${env}mlx_lm.server --model ${id}`,
        localServerCall(model, "http://localhost:8080/v1", model.id),
      ].join("\n"),
    },
  ];
}
