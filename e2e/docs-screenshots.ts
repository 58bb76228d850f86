// Copies one screenshot of each page kind from e2e/screenshots/ (written by `npm run e2e`) into docs/ for the README:
// the list and a model page on a laptop, and a model page on a phone. Run: npm run docs:screenshots
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./support/paths";
import { SCREENSHOT_DIR } from "./support/screens";

/** Screenshot in e2e/screenshots/ → file in docs/. */
const CHOSEN = {
  "list-desktop.png": "screenshot-list.png",
  "model-chat-desktop.png": "screenshot-model.png",
  "model-gguf-phone.png": "screenshot-model-phone.png",
} as const;

const docs = join(ROOT, "docs");
mkdirSync(docs, { recursive: true });
for (const [source, target] of Object.entries(CHOSEN)) {
  const from = join(SCREENSHOT_DIR, source);
  if (!existsSync(from)) throw new Error(`${from} is missing: run npm run e2e first`);
  copyFileSync(from, join(docs, target));
  process.stdout.write(`docs/${target} ← e2e/screenshots/${source}\n`);
}
