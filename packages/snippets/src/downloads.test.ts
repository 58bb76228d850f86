import { describe, expect, it } from "vitest";
import { compileDownloadQuery, DownloadQueryError, matchesDownloadQuery, parseDownloadQuery } from "./downloads.js";
import type { LibraryEntry } from "./libraries/library-entry.js";
import { LIBRARIES } from "./libraries/registry.js";

describe("parseDownloadQuery", () => {
  it("reads a single term", () => {
    expect(parseDownloadQuery('path:"model_vae_fp16.pt"')).toEqual({
      kind: "term",
      field: "path",
      value: "model_vae_fp16.pt",
    });
  });

  it("binds AND tighter than OR and honours parentheses", () => {
    expect(parseDownloadQuery('path_extension:"gguf" OR (path_filename:"config" AND path_extension:"json")')).toEqual({
      kind: "or",
      terms: [
        { kind: "term", field: "path_extension", value: "gguf" },
        {
          kind: "and",
          terms: [
            { kind: "term", field: "path_filename", value: "config" },
            { kind: "term", field: "path_extension", value: "json" },
          ],
        },
      ],
    });
  });

  it("parses the query of every library in the registry", () => {
    for (const entry of Object.values(LIBRARIES) as LibraryEntry[]) {
      if (entry.countDownloads) expect(() => parseDownloadQuery(entry.countDownloads as string)).not.toThrow();
    }
  });

  it.each([
    ['path:"a" OR', "Unexpected end of query at position 11"],
    ['name:"a"', 'Unknown field "name" at position 0'],
    ['path "a"', 'Expected ":" after path at position 4'],
    ["path:a", "Expected a quoted value at position 5"],
    ['path:"a', "Unterminated value at position 5"],
    ['(path:"a"', 'Expected ")" at position 9'],
    ['path:"a" path:"b"', "Unexpected term at position 9"],
    ['path:"a" & path:"b"', 'Unexpected character "&" at position 9'],
  ])("rejects %s with the position", (query, message) => {
    expect(() => parseDownloadQuery(query)).toThrow(DownloadQueryError);
    expect(() => parseDownloadQuery(query)).toThrow(message);
  });
});

describe("matching files", () => {
  const matches = (query: string, path: string) => matchesDownloadQuery(parseDownloadQuery(query), path);

  it("path is the whole path", () => {
    expect(matches('path:"model.pt"', "model.pt")).toBe(true);
    expect(matches('path:"model.pt"', "sub/model.pt")).toBe(false);
  });

  it("path_prefix is a leading folder", () => {
    expect(matches('path_extension:"pt" AND path_prefix:"checkpoints/"', "checkpoints/step1.pt")).toBe(true);
    expect(matches('path_extension:"pt" AND path_prefix:"checkpoints/"', "step1.pt")).toBe(false);
  });

  it("path_extension and path_filename split the base name at its last dot", () => {
    expect(matches('path_filename:"adapter_config" AND path_extension:"json"', "adapter_config.json")).toBe(true);
    expect(matches('path_filename:"adapter_config" AND path_extension:"json"', "x/adapter_config.json")).toBe(true);
    expect(matches('path_filename:"adapter_config" AND path_extension:"json"', "adapter_config.yaml")).toBe(false);
    expect(matches('path_extension:"gguf"', "model.Q4_K_M.gguf")).toBe(true);
    expect(matches('path_extension:"gguf"', "gguf")).toBe(false);
  });

  it("_exists_ on path_prefix asks for a file inside a folder", () => {
    const q = 'path_filename:"model" AND path_extension:"mil" AND _exists_:"path_prefix"';
    expect(matches(q, "Model.mlpackage/model.mil")).toBe(true);
    expect(matches(q, "model.mil")).toBe(false);
  });

  it("OR of several", () => {
    const q = 'path:"embedding_gan.pt" OR path:"Vocoder.pt" OR path:"ToucanTTS.pt"';
    expect(["embedding_gan.pt", "Vocoder.pt", "ToucanTTS.pt", "other.pt"].map((p) => matches(q, p))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it("falls back to the default file list when a library has no query", () => {
    const counts = compileDownloadQuery(undefined);
    expect(["config.json", "config.yaml", "hyperparams.yaml", "params.json", "meta.yaml"].every(counts)).toBe(true);
    expect(counts("model.safetensors")).toBe(false);
    expect(counts("sub/config.json")).toBe(false);
  });
});
