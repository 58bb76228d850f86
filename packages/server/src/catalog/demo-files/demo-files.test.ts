import { readFileSync } from "node:fs";
import { readGgufHeader } from "@modelhub/snippets";
import { describe, expect, it } from "vitest";
import { parseCardMetadata } from "../../card/card-metadata.js";
import { DEMO_CATALOG_PATH } from "../catalog-path.js";
import { cardFamily, cardText } from "./card-text.js";
import { demoFileContent, demoFiles } from "./demo-files.js";
import { tinySafetensors } from "./weight-files.js";

type CatalogRecord = Parameters<typeof demoFiles>[0];
const RECORDS = readFileSync(DEMO_CATALOG_PATH, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as CatalogRecord);
const byId = (id: string): CatalogRecord => {
  const record = RECORDS.find((r) => r.id === id);
  if (!record) throw new Error(`no ${id} in the catalog`);
  return record;
};

describe("demo model cards", () => {
  it("parse as cards whose metadata only adds to the record: library, task and tags agree", () => {
    for (const record of RECORDS) {
      const card = parseCardMetadata(cardText(record));
      expect(card.library_name ?? null, record.id).toBe(record.library_name ?? null);
      expect(card.pipeline_tag ?? null, record.id).toBe(record.pipeline_tag ?? null);
      for (const tag of card.tags) expect(record.tags, record.id).toContain(tag);
    }
  });

  it.each([
    ["Qwen/Qwen3-8B", "chat", "## Usage"],
    ["unsloth/Qwen3-8B-GGUF", "gguf", "llama-cli -hf unsloth/Qwen3-8B-GGUF"],
    ["black-forest-labs/FLUX.1-dev", "image-generation", "DiffusionPipeline"],
    ["sentence-transformers/all-MiniLM-L6-v2", "embedding", "SentenceTransformer"],
    ["openai/whisper-large-v3", "speech", "| Benchmark | Score |"],
  ])("writes %s as a %s card", (id, family, text) => {
    const record = byId(id);
    expect(cardFamily(record)).toBe(family);
    expect(cardText(record)).toContain(text);
  });
});

describe("demo weight files", () => {
  it("writes a safetensors file whose header describes its data", () => {
    const bytes = tinySafetensors();
    const length = Number(bytes.readBigUInt64LE(0));
    const header = JSON.parse(bytes.subarray(8, 8 + length).toString()) as Record<string, { data_offsets?: number[] }>;
    expect(header["embed.weight"]?.data_offsets).toEqual([0, 16]);
    expect(bytes.length).toBe(8 + length + 16);
  });

  it("writes GGUF files whose header names the quant of the file name", () => {
    const record = byId("unsloth/Qwen3-8B-GGUF");
    const result = readGgufHeader(new Uint8Array(demoFileContent(record, "Qwen3-8B-Q8_0.gguf")));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.facts.file_type).toBe("Q8_0");
  });

  it("makes a file for every sibling but .gitattributes, config.json from the record's config", () => {
    const record = byId("Qwen/Qwen3-8B") as CatalogRecord & { config?: unknown };
    const files = demoFiles(record);
    expect(files.map((f) => f.path)).toEqual(
      (record.siblings ?? []).map((s) => s.rfilename).filter((name) => name !== ".gitattributes"),
    );
    const config = files.find((f) => f.path === "config.json");
    expect(JSON.parse(config?.bytes.toString() ?? "null")).toEqual(record.config);
  });
});
