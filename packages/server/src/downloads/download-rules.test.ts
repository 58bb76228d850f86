import { LIBRARIES } from "@modelhub/snippets";
import { describe, expect, it } from "vitest";
import { createDownloadRules } from "./download-rules.js";

const rules = createDownloadRules();

// One library per query form; the queries are the registry's own, so a registry change shows up here.
describe("download rules", () => {
  it.each([
    ["peft", "path", ["adapter_config.json"], ["adapter_model.safetensors", "sub/adapter_config.json", "config.json"]],
    ["fasttext", "path_extension", ["model.bin", "vectors/cc.en.300.bin"], ["model.bin.gz", "bin", "README.md"]],
    ["elm", "path_filename AND path_extension", ["slicex_elm_config.json"], ["slicex_elm_config.yaml", "config.json"]],
    ["tic-clip", "path_extension AND path_prefix", ["checkpoints/a.pt"], ["a.pt", "other/checkpoints/a.pt"]],
    ["timm", "OR of paths", ["pytorch_model.bin", "model.safetensors"], ["config.json", "x/model.safetensors"]],
    ["keras", "path OR path_extension", ["config.json", "model.keras", "sub/model.keras"], ["model.h5"]],
    ["jev-style", "OR with a parenthesised AND", ["m.gguf", "config.json"], ["config.yaml", "model.json"]],
    ["whisperkit", "_exists_ path_prefix", ["AudioEncoder.mlmodelc/model.mil"], ["model.mil", "x/model.bin"]],
    [
      "transformers",
      "default list",
      ["config.json", "params.json", "meta.yaml"],
      ["model.safetensors", "a/config.json"],
    ],
  ])("%s (%s)", (library, _form, counted, notCounted) => {
    for (const path of counted) expect(rules.counts(library, path), path).toBe(true);
    for (const path of notCounted) expect(rules.counts(library, path), path).toBe(false);
  });

  it("uses the default list for a model with no library or an unknown one", () => {
    for (const library of [undefined, null, "", "not-a-library", "__proto__", "constructor"]) {
      expect(rules.counts(library, "config.json")).toBe(true);
      expect(rules.counts(library, "model.safetensors")).toBe(false);
      expect(rules.queryFor(library)).toBeNull();
    }
  });

  it("reports the query that decides", () => {
    expect(rules.queryFor("timm")).toBe('path:"pytorch_model.bin" OR path:"model.safetensors"');
    expect(rules.queryFor("transformers")).toBeNull();
  });

  it("compiles every library's query in the registry", () => {
    for (const key of Object.keys(LIBRARIES)) expect(() => rules.counts(key, "config.json"), key).not.toThrow();
  });
});
