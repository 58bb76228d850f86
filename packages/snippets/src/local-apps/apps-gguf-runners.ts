// Runners that take a GGUF by URL or local file: LocalAI, node-llama-cpp, llamafile, koboldcpp.
import { shQuote } from "../code/sh.js";
import { localServerCall } from "./chat-request.js";
import { downloadCommands, localFile, resolveFileUrl } from "./hub-target.js";
import type { LocalAppContext, LocalAppSnippet } from "./local-app.js";

const LLAMAFILE_VERSION = "0.9.3";

/** LocalAI: `huggingface://repo/file` on the public hub, the file's URL on this hub. */
export function localAiSnippets({ model, hub, quant }: LocalAppContext): LocalAppSnippet[] {
  if (!quant) return [];
  const source = shQuote(
    hub.isPublic ? `huggingface://${model.id}/${quant.path}` : resolveFileUrl(hub, model.id, quant.path),
  );
  const call = localServerCall(model, "http://localhost:8080/v1", quant.path.split("/").pop() ?? quant.path);
  return [
    {
      title: "Install script",
      setup: "curl https://localai.io/install.sh | sh",
      content: [`local-ai run ${source}`, call].join("\n"),
    },
    { title: "Docker", content: [`docker run -ti -p 8080:8080 localai/localai:latest ${source}`, call].join("\n") },
  ];
}

/** node-llama-cpp: `hf:repo:QUANT` on the public hub, the file's URL on this hub. */
export function nodeLlamaCppSnippets({ model, hub, quant }: LocalAppContext): LocalAppSnippet[] {
  if (!quant) return [];
  const uri = hub.isPublic && quant.known ? `hf:${model.id}:${quant.label}` : resolveFileUrl(hub, model.id, quant.path);
  return [
    { title: "Chat in the terminal", content: `npx -y node-llama-cpp chat ${shQuote(uri)}` },
    {
      title: "Add to a project",
      setup: "npm install node-llama-cpp",
      content: `npx --no node-llama-cpp pull ${shQuote(uri)}`,
    },
  ];
}

/** llamafile: the runtime as one executable, given the downloaded GGUF with `-m`. */
export function llamafileSnippets({ model, hub, quant }: LocalAppContext): LocalAppSnippet[] {
  if (!quant) return [];
  const url = `https://github.com/mozilla-ai/llamafile/releases/download/${LLAMAFILE_VERSION}/llamafile-${LLAMAFILE_VERSION}`;
  return [
    {
      title: "macOS, Linux, BSD",
      setup: [`curl -L -o llamafile ${shQuote(url)}`, "chmod +x llamafile"].join("\n"),
      content: [...downloadCommands(hub, model.id, quant.files), `./llamafile -m ${localFile(quant.path)}`].join("\n"),
    },
  ];
}

/** koboldcpp: the prebuilt binary for the platform, given the downloaded GGUF with `--model`. */
export function koboldcppSnippets({ model, hub, quant }: LocalAppContext): LocalAppSnippet[] {
  if (!quant) return [];
  const run = [...downloadCommands(hub, model.id, quant.files), `./koboldcpp --model ${localFile(quant.path)}`].join(
    "\n",
  );
  const binary = (name: string) =>
    [
      `curl -fLo koboldcpp https://github.com/LostRuins/koboldcpp/releases/latest/download/${name}`,
      "chmod +x koboldcpp",
    ].join("\n");
  return [
    { title: "Linux", setup: binary("koboldcpp-linux-x64"), content: run },
    { title: "macOS (Apple silicon)", setup: binary("koboldcpp-mac-arm64"), content: run },
  ];
}
