// llama.cpp: the reference GGUF runtime. `-hf repo:QUANT` on the public hub; on this hub, MODEL_ENDPOINT (which
// llama.cpp reads before HF_ENDPOINT, common/common.cpp) with the exact file, since `:QUANT` needs the public hub's
// manifest API.
import { shComment, shQuote } from "../code/sh.js";
import { localServerCall } from "./chat-request.js";
import { endpointPrefix } from "./hub-target.js";
import type { LocalAppContext, LocalAppSnippet } from "./local-app.js";

const ENDPOINT_VARIABLE = "MODEL_ENDPOINT";

/** The model arguments of llama-server / llama-cli. */
function modelArgs({ model, hub, quant }: LocalAppContext): string {
  if (!quant) return "";
  if (hub.isPublic && quant.known) return `-hf ${shQuote(`${model.id}:${quant.label}`)}`;
  return `--hf-repo ${shQuote(model.id)} --hf-file ${shQuote(quant.path)}`;
}

function runLines(context: LocalAppContext, binary: (name: string) => string): string {
  const env = endpointPrefix(context.hub, ENDPOINT_VARIABLE);
  const args = modelArgs(context);
  return [
    ...(context.hub.isPublic ? [] : [shComment(`Downloads from ${context.hub.url} (${ENDPOINT_VARIABLE}).`)]),
    "# Start a local OpenAI-compatible server with a web UI:",
    `${env}${binary("llama-server")} ${args}`,
    "# Or run inference directly in the terminal:",
    `${env}${binary("llama-cli")} ${args}`,
    localServerCall(context.model, "http://localhost:8080/v1", context.model.id),
  ].join("\n");
}

function dockerLines(context: LocalAppContext): string {
  const env = context.hub.isPublic ? "" : ` -e ${ENDPOINT_VARIABLE}=${shQuote(context.hub.url)}`;
  return [
    `docker run -p 8080:8080 -v "$HOME/.cache/llama.cpp:/root/.cache/llama.cpp"${env} \\`,
    `    ghcr.io/ggml-org/llama.cpp:server ${modelArgs(context)} --host 0.0.0.0 --port 8080`,
    localServerCall(context.model, "http://localhost:8080/v1", context.model.id),
  ].join("\n");
}

/** llama.cpp's variants: Homebrew, WinGet, Docker, built from source. */
export function llamaCppSnippets(context: LocalAppContext): LocalAppSnippet[] {
  return [
    { title: "Homebrew (macOS, Linux)", setup: "brew install llama.cpp", content: runLines(context, (b) => b) },
    { title: "WinGet (Windows)", setup: "winget install llama.cpp", content: runLines(context, (b) => b) },
    { title: "Docker", content: dockerLines(context) },
    {
      title: "Build from source",
      setup: [
        "git clone https://github.com/ggml-org/llama.cpp",
        "cd llama.cpp",
        "cmake -B build",
        "cmake --build build --config Release -j --target llama-server llama-cli",
      ].join("\n"),
      content: runLines(context, (b) => `./build/bin/${b}`),
    },
  ];
}
