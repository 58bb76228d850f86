// Ollama and Docker Model Runner pull only from registries (the public hub's `hf.co/…` names among them). For this
// hub the closest working form is to download the GGUF file and import it as a local model.
import { shComment, shQuote } from "../code/sh.js";
import { baseName, downloadCommands, localFile } from "./hub-target.js";
import type { LocalAppContext, LocalAppSnippet } from "./local-app.js";
import { localModelName } from "./names.js";

const REGISTRY_ONLY = (app: string, hub: string) =>
  shComment(`${app} pulls only from registries, so download the GGUF from ${hub} and import the local file:`);

// A split quant is joined into one file first (llama.cpp's llama-gguf-split ships with `brew install llama.cpp`).
function downloadedFile({ model, hub, quant }: LocalAppContext, merge: boolean): { lines: string[]; file: string } {
  if (!quant) return { lines: [], file: "" };
  const lines = downloadCommands(hub, model.id, quant.files);
  if (!quant.shards || !merge) return { lines, file: localFile(quant.path) };
  const merged = `${localModelName(model.id.split("/").pop() ?? "", quant.label)}.gguf`;
  lines.push(
    "# Join the shards into one file (llama-gguf-split comes with llama.cpp):",
    `llama-gguf-split --merge ${localFile(quant.path)} ${localFile(merged)}`,
  );
  return { lines, file: localFile(merged) };
}

function localName({ model, quant }: LocalAppContext): string {
  return localModelName(model.id.split("/").pop() ?? "", quant?.label ?? "");
}

function ollamaRun(context: LocalAppContext): string {
  const { model, hub, quant } = context;
  if (hub.isPublic) {
    const tag = quant?.known ? `:${quant.label}` : "";
    return `ollama run ${shQuote(`hf.co/${model.id}${tag}`)}`;
  }
  const name = shQuote(localName(context));
  const { lines, file } = downloadedFile(context, true);
  return [
    REGISTRY_ONLY("Ollama", hub.url),
    ...lines,
    `printf 'FROM %s\\n' ${file} > Modelfile`,
    `ollama create ${name} -f Modelfile`,
    `ollama run ${name}`,
  ].join("\n");
}

/** Ollama's variants: the install script (Linux), Homebrew (macOS), and the Docker image on the public hub. */
export function ollamaSnippets(context: LocalAppContext): LocalAppSnippet[] {
  const run = ollamaRun(context);
  const variants: LocalAppSnippet[] = [
    { title: "Install script (Linux)", setup: "curl -fsSL https://ollama.com/install.sh | sh", content: run },
    { title: "Homebrew (macOS)", setup: "brew install ollama", content: run },
  ];
  if (context.hub.isPublic) {
    variants.push({
      title: "Docker",
      setup: "docker run -d -v ollama:/root/.ollama -p 11434:11434 --name ollama ollama/ollama",
      content: `docker exec -it ollama ${run}`,
    });
  }
  return variants;
}

/** Docker Model Runner: `docker model run hf.co/…`, or on this hub the file packaged with `docker model package`. */
export function dockerModelRunnerSnippets(context: LocalAppContext): LocalAppSnippet[] {
  const { model, hub, quant } = context;
  if (hub.isPublic) {
    const tag = quant?.known ? `:${quant.label}` : "";
    return [{ title: "Docker Desktop", content: `docker model run ${shQuote(`hf.co/${model.id}${tag}`)}` }];
  }
  // `--gguf` wants an absolute path; for a split quant the first shard, its siblings beside it.
  const { lines } = downloadedFile(context, false);
  const reference = shQuote(
    `${localModelName(model.id.split("/").pop() ?? "")}:${localModelName(quant?.label ?? "latest")}`,
  );
  return [
    {
      title: "Docker Desktop",
      content: [
        REGISTRY_ONLY("Docker Model Runner", hub.url),
        ...lines,
        `docker model package --gguf "$PWD"/${shQuote(baseName(quant?.path ?? ""))} ${reference}`,
        `docker model run ${reference}`,
      ].join("\n"),
    },
  ];
}
