// Issue 12 in a real browser against a real hub: a GGUF repository with two quants shows its local apps; picking
// a quant puts it in the llama.cpp and Ollama commands (pointed at this hub) and in the URL, a reload keeps it, and
// the notebook downloads as nbformat 4 JSON.
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { GGUF_FILE_TYPES, type GgmlTensorType, type GgufFileType, writeGguf } from "@modelhub/snippets";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipReason } from "./support/browser";
import { type Session, startSession } from "./support/session";
import { createModel, putFile } from "./support/uploads";

const skip = skipReason();
const ID = "e2e/tiny-chat-gguf";

function tinyGguf(fileType: GgufFileType, tensorType: GgmlTensorType): Uint8Array<ArrayBuffer> {
  const bytes = writeGguf({
    metadata: [
      ["general.architecture", { type: "STRING", value: "llama" }],
      ["general.file_type", { type: "UINT32", value: GGUF_FILE_TYPES[fileType] }],
      ["llama.context_length", { type: "UINT32", value: 2048 }],
      ["tokenizer.chat_template", { type: "STRING", value: "{% for m in messages %}{{ m['content'] }}{% endfor %}" }],
    ],
    tensors: [{ name: "token_embd.weight", shape: [256, 8], type: tensorType }],
  });
  return new Uint8Array(bytes);
}

/** The text of the code figure named `name` in the Local apps section. */
function figureText(page: Page, name: string): Promise<string> {
  return page.getByRole("region", { name: "Local apps" }).getByRole("figure", { name }).innerText();
}

describe.skipIf(skip !== null)("local apps panel", () => {
  let session: Session;
  let page: Page;

  beforeAll(async () => {
    session = await startSession();
    await createModel(session.hub.url, ID, { pipeline_tag: "text-generation", tags: ["gguf", "conversational"] });
    await putFile(session.hub.url, ID, "tiny-chat-Q8_0.gguf", tinyGguf("Q8_0", "Q8_0"));
    await putFile(session.hub.url, ID, "tiny-chat-Q4_K_M.gguf", tinyGguf("Q4_K_M", "Q4_K"));
    page = await session.newPage();
    // Starting a hub with the demo catalog takes minutes on a loaded machine.
  }, 300_000);

  afterAll(async () => {
    await session?.close();
  });

  it("starts on Q4_K_M, with commands that download from this hub", async () => {
    await page.goto(`/${ID}`);
    const section = page.getByRole("region", { name: "Local apps" });
    await expect.poll(() => section.getByRole("radio", { name: /Q4_K_M/ }).isChecked()).toBe(true);
    await section.getByRole("tab", { name: "llama.cpp" }).click();
    const llama = await figureText(page, "llama.cpp: run (Homebrew (macOS, Linux))");
    expect(llama).toContain(`MODEL_ENDPOINT='${session.hub.url}'`);
    expect(llama).toContain("--hf-file 'tiny-chat-Q4_K_M.gguf'");
  });

  it("carries a picked quant into the llama.cpp and Ollama commands and the URL; a reload keeps it", async () => {
    const section = page.getByRole("region", { name: "Local apps" });
    await section.getByRole("radio", { name: /Q8_0/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("quant")).toBe("Q8_0");
    expect(new URL(page.url()).searchParams.get("app")).toBe("llama.cpp");
    await expect
      .poll(() => figureText(page, "llama.cpp: run (Homebrew (macOS, Linux))"))
      .toContain("--hf-file 'tiny-chat-Q8_0.gguf'");
    await section.getByRole("tab", { name: "Ollama" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("app")).toBe("ollama");
    const ollama = await figureText(page, "Ollama: run (Install script (Linux))");
    expect(ollama).toContain(`'${session.hub.url}/${ID}/resolve/main/tiny-chat-Q8_0.gguf'`);
    expect(ollama).toContain("ollama create");

    await page.reload();
    const reloaded = page.getByRole("region", { name: "Local apps" });
    await expect.poll(() => reloaded.getByRole("radio", { name: /Q8_0/ }).isChecked()).toBe(true);
    await expect.poll(() => figureText(page, "Ollama: run (Install script (Linux))")).toContain("tiny-chat-Q8_0.gguf");
  });

  it("downloads a notebook that parses as nbformat 4", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download notebook (.ipynb)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("tiny-chat-gguf.ipynb");
    const text = await readFile(await download.path(), "utf8");
    const notebook = JSON.parse(text) as {
      nbformat: number;
      nbformat_minor: number;
      cells: Array<{ source: string[] }>;
    };
    expect(notebook.nbformat).toBe(4);
    expect(notebook.nbformat_minor).toBeGreaterThanOrEqual(4);
    expect(notebook.cells.map((cell) => cell.source.join(""))).toContain(
      `import os\n\nos.environ["HF_ENDPOINT"] = "${session.hub.url}"`,
    );
    expect(spawnSync("python3", ["-m", "json.tool"], { input: text }).status).toBe(0);
    expect(session.pageErrors).toEqual([]);
  });
});
