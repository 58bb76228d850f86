// The files of a demo model, made from its record: each file its siblings list, small but real (a model card,
// JSON configs, weights with valid headers), so the Files tab, the card and the GGUF readers have data.
import type { ModelRecord } from "@modelhub/snippets";
import { nameOf } from "../../validation/model-id.js";
import { cardText } from "./card-text.js";
import { tinyGguf, tinySafetensors } from "./weight-files.js";

/** One file to upload. */
export interface DemoFile {
  /** Path in the repository. */
  path: string;
  /** Its content. */
  bytes: Buffer;
}

const TEXT_FILE = /\.(md|txt|py|yaml|yml|cfg|csv|cs|nix)$/;

// The small JSON files a repository of the field holds, by name; other JSON files get a short descriptive object.
function jsonFile(name: string, record: ModelRecord): unknown {
  switch (name) {
    case "config.json":
      return record.config ?? { model_type: record.library_name ?? "custom" };
    case "tokenizer_config.json":
      return {
        tokenizer_class: "PreTrainedTokenizerFast",
        model_max_length: 8192,
        bos_token: "<s>",
        eos_token: "</s>",
      };
    case "tokenizer.json":
      return { version: "1.0", model: { type: "BPE", vocab: { "<s>": 0, "</s>": 1, hello: 2, world: 3 }, merges: [] } };
    case "generation_config.json":
      return { bos_token_id: 0, eos_token_id: 1, do_sample: true, temperature: 0.6, top_p: 0.9 };
    case "special_tokens_map.json":
      return { bos_token: "<s>", eos_token: "</s>" };
    default:
      return { _note: "modelhub demo file", model: record.id, file: name };
  }
}

// Deterministic filler for formats the hub does not read (pickles, checkpoints…): honest about what it is.
function opaqueFile(path: string, id: string): Buffer {
  return Buffer.from(`modelhub demo placeholder for ${path} of ${id}\n`);
}

/** The content of `path` in the demo repository of `record`. */
export function demoFileContent(record: ModelRecord, path: string): Buffer {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (path === "README.md") return Buffer.from(cardText(record));
  if (name.endsWith(".json")) return Buffer.from(`${JSON.stringify(jsonFile(name, record), null, 2)}\n`);
  if (name.endsWith(".safetensors")) return tinySafetensors();
  if (name.endsWith(".gguf")) return tinyGguf(path, nameOf(record.id));
  if (TEXT_FILE.test(name)) return Buffer.from(`# ${name}\n\nPart of the demo repository ${record.id}.\n`);
  return opaqueFile(path, record.id);
}

/** Every file the record's siblings name, with its content (.gitattributes, which no page reads, left out). */
export function demoFiles(record: ModelRecord & { siblings?: { rfilename: string }[] }): DemoFile[] {
  return (record.siblings ?? [])
    .filter(({ rfilename }) => rfilename !== ".gitattributes")
    .map(({ rfilename }) => ({ path: rfilename, bytes: demoFileContent(record, rfilename) }));
}
