// Writes catalog/demo-models.jsonl from the seeds under scripts/catalog/. Run: npm run catalog -w @modelhub/server
// Every record is checked by the server's schema and the engine's parser before anything is written.
import { writeFileSync } from "node:fs";
import { parseModelRecord } from "@modelhub/snippets";
import { DEMO_CATALOG_PATH } from "../src/catalog/catalog-path.js";
import { parseModelInput } from "../src/validation/parse-model-input.js";
import { buildRecord } from "./catalog/build-record.js";
import { AUDIO_SEEDS } from "./catalog/seeds-audio.js";
import { COMMUNITY_SEEDS } from "./catalog/seeds-community.js";
import { FRAMEWORK_SEEDS } from "./catalog/seeds-frameworks.js";
import { GENERATION_SEEDS } from "./catalog/seeds-generation.js";
import { HOSTILE_SEEDS } from "./catalog/seeds-hostile.js";
import { LLM_SEEDS } from "./catalog/seeds-llm.js";
import { EMBEDDING_SEEDS, NLP_TRANSFORMERS_SEEDS } from "./catalog/seeds-nlp.js";
import { TOOLKIT_SEEDS } from "./catalog/seeds-toolkits.js";
import { VISION_SEEDS } from "./catalog/seeds-vision.js";

const SEEDS = [
  ...LLM_SEEDS,
  ...NLP_TRANSFORMERS_SEEDS,
  ...EMBEDDING_SEEDS,
  ...TOOLKIT_SEEDS,
  ...VISION_SEEDS,
  ...AUDIO_SEEDS,
  ...GENERATION_SEEDS,
  ...FRAMEWORK_SEEDS,
  ...COMMUNITY_SEEDS,
  ...HOSTILE_SEEDS,
];

function main(): void {
  const seen = new Set<string>();
  const lines = SEEDS.map((seed) => {
    if (seen.has(seed.id)) throw new Error(`duplicate catalog id ${seed.id}`);
    seen.add(seed.id);
    const record = buildRecord(seed);
    parseModelInput(record);
    parseModelRecord(record);
    return JSON.stringify(record);
  });
  writeFileSync(DEMO_CATALOG_PATH, `${lines.join("\n")}\n`);
  process.stdout.write(`wrote ${lines.length} models to ${DEMO_CATALOG_PATH}\n`);
}

main();
