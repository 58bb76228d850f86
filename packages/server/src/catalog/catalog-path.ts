import { fileURLToPath } from "node:url";

/** The demo catalog kept in the repository (one level above both src/ and dist/). */
export const DEMO_CATALOG_PATH = fileURLToPath(new URL("../../catalog/demo-models.jsonl", import.meta.url));
