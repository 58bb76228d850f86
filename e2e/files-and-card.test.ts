// Issue 7 in a real browser against a real hub: a model uploaded with a hostile README, a config
// and weights; its card renders and nothing in it runs; the Files tab lists the files; fetching a
// counted file through its link twice adds two downloads on the API and on the page.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipReason } from "./support/browser";
import { trapDialogs } from "./support/page-checks";
import { type Session, startSession } from "./support/session";
import { apiDownloads, createModel, putFile } from "./support/uploads";

const skip = skipReason();
const ID = "e2e/card-and-files";

// Every way a README could try to run code: raw script, a javascript: link, an image handler,
// raw HTML with a handler and an embedded frame.
const README = `---
library_name: transformers
pipeline_tag: text-generation
license: apache-2.0
datasets:
  - e2e/tiny-corpus
base_model: e2e/base-model
---
# Card and files

A two-layer model for the browser test.

<script>window.__pwned=1</script>

[x](javascript:window.__pwned=1)

<img src=x onerror="window.__pwned=1">

<div onmouseover="window.__pwned=1"><iframe src="https://example.org/"></iframe>raw html</div>

| Metric | Score |
| :----- | ----: |
| acc    |   0.9 |

\`\`\`python
import torch
model = torch.load("weights.safetensors")
\`\`\`

See the [docs](https://example.org/docs).
`;

const CONFIG = JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama", hidden_size: 64 });
const WEIGHTS = new Uint8Array(4096).map((_, index) => index % 251);

/** What the page exposes that the card could have used to run code. */
function scriptTraces(page: Page) {
  return page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    handlers: [...document.querySelectorAll("*")].filter((e) => [...e.attributes].some((a) => a.name.startsWith("on")))
      .length,
    frames: document.querySelectorAll("iframe, object, embed").length,
    inlineScripts: [...document.scripts].filter((script) => !script.src).length,
    cardImages: document.querySelectorAll(".model-card img").length,
    cardLinks: [...document.querySelectorAll(".model-card a")].map((a) => (a as HTMLAnchorElement).href),
    cardText: document.querySelector(".model-card")?.textContent ?? "",
  }));
}

describe.skipIf(skip !== null)("model card and files", () => {
  let session: Session;
  let page: Page;
  const dialogs: string[] = [];

  beforeAll(async () => {
    session = await startSession();
    await createModel(session.hub.url, ID);
    await putFile(session.hub.url, ID, "README.md", README);
    await putFile(session.hub.url, ID, "config.json", CONFIG);
    await putFile(session.hub.url, ID, "model.safetensors", WEIGHTS);
    page = await session.newPage();
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await trapDialogs(page);
  });

  afterAll(async () => {
    await session?.close();
  });

  it("renders the card with its facts, and nothing in it runs", async () => {
    await page.goto(`/${ID}`);
    const card = page.locator(".model-card");
    await card.getByRole("heading", { level: 1, name: "Card and files" }).waitFor();
    expect(await card.getByRole("table").getByRole("cell", { name: "0.9" }).count()).toBe(1);
    await card.locator("code.language-python .hljs-keyword").first().waitFor();
    const facts = page.locator("dl.model-card__facts");
    expect(await facts.textContent()).toContain("apache-2.0");
    expect(await facts.textContent()).toContain("e2e/tiny-corpus");
    expect(await facts.textContent()).toContain("e2e/base-model");
    await page.mouse.move(10, 10);
    await card.hover();
    await page.waitForTimeout(300);

    const traces = await scriptTraces(page);
    expect(traces.pwned).toBeNull();
    expect(dialogs).toEqual([]);
    expect(traces).toMatchObject({ handlers: 0, frames: 0, inlineScripts: 0, cardImages: 0 });
    // The javascript: link is gone; the docs link and the frame's address (linkified text) remain, both http(s).
    expect(traces.cardLinks).toContain("https://example.org/docs");
    for (const href of traces.cardLinks) expect(href).toMatch(/^https:\/\/example\.org\//);
    // Raw HTML is not HTML in a card: it shows as text.
    expect(traces.cardText).toContain("<script>window.__pwned=1</script>");
  });

  it("lists the files in the Files tab, kept in the URL", async () => {
    await page.getByRole("tab", { name: "Files" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "files");
    const table = page.getByRole("table", { name: /^3 files/ });
    await table.waitFor();
    expect(await table.getByRole("rowheader").allTextContents()).toEqual([
      "README.md",
      "config.json",
      "model.safetensors",
    ]);
    expect(await table.getByRole("row", { name: /model\.safetensors/ }).textContent()).toContain("4.1 kB");
    const link = page.getByRole("link", { name: "Download config.json" });
    expect(await link.getAttribute("href")).toBe(`/${ID}/resolve/main/config.json`);
    expect(await link.getAttribute("download")).not.toBeNull();

    await page.reload();
    await table.waitFor();
    expect(await page.getByRole("tab", { name: "Files" }).getAttribute("aria-selected")).toBe("true");
  });

  it("counts two fetches of a counted file, on the API and on the page", async () => {
    const before = await apiDownloads(session.hub.url, ID);
    const statuses = await page.evaluate(async () => {
      const link = (name: string) =>
        (document.querySelector(`a[aria-label="Download ${name}"]`) as HTMLAnchorElement | null)?.href ?? "";
      const fetchStatus = async (url: string) => (await fetch(url)).status;
      // config.json is on the default list of counted files (transformers has no query of its own); the weights are not.
      return [
        await fetchStatus(link("config.json")),
        await fetchStatus(link("config.json")),
        await fetchStatus(link("model.safetensors")),
      ];
    });
    expect(statuses).toEqual([200, 200, 200]);
    // Counts are written in batches about every second.
    await page.waitForTimeout(1500);
    await expect.poll(() => apiDownloads(session.hub.url, ID), { timeout: 5000 }).toBe(before + 2);

    await page.reload();
    const downloads = page.locator(".facts div", { has: page.locator("dt", { hasText: /^Downloads$/ }) }).locator("dd");
    await downloads.waitFor();
    expect(await downloads.textContent()).toBe(String(before + 2));
  });

  it("fits a 375 px phone screen on both tabs", async () => {
    const phone = await session.newPage({ width: 375 });
    await phone.goto(`/${ID}`);
    await phone.locator(".model-card table").waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.goto(`/${ID}?tab=files`);
    await phone.getByRole("table", { name: /^3 files/ }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("ran without a page error", () => {
    expect(session.pageErrors).toEqual([]);
  });
});
