// What a visitor sees first, on a laptop and on a phone; accessibility (axe-core) and a console free of errors
// across the list, ten model pages of different families and the not-found page. Saves the screenshots.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./support/axe";
import { skipReason } from "./support/browser";
import { SCREENS, type ScreenName, saveScreenshot, topOf } from "./support/screens";
import { type Session, startSession } from "./support/session";
import { createModel } from "./support/uploads";

const skip = skipReason();
if (skip) console.warn(`e2e: ${skip}`);

/** The models of the screenshots: a chat LLM, a GGUF repository, a diffusers pipeline. */
const SHOWN = {
  chat: "Qwen/Qwen3-8B",
  gguf: "unsloth/Qwen3-8B-GGUF",
  diffusers: "black-forest-labs/FLUX.1-dev",
} as const;

/** Ten model pages of different families for the console crawl. */
const CRAWLED = [
  ...Object.values(SHOWN),
  "sentence-transformers/all-MiniLM-L6-v2",
  "openai/whisper-large-v3",
  "google/vit-base-patch16-224",
  "google-bert/bert-base-uncased",
  "timm/resnet50.a1_in1k",
  "Ultralytics/YOLOv8",
  "speechbrain/spkrec-ecapa-voxceleb",
];

// A model page is ready once its first library snippet shows.
async function openModel(page: Page, id: string): Promise<void> {
  const response = await page.goto(`/${id}`);
  expect(response?.status(), id).toBe(200);
  await page.getByRole("heading", { level: 1, name: id }).waitFor();
  await page.locator(".library figure").first().waitFor();
}

describe.skipIf(skip !== null)("layout, accessibility and console", () => {
  let session: Session;
  const pages: Partial<Record<ScreenName, Page>> = {};
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    session = await startSession();
    for (const name of Object.keys(SCREENS) as ScreenName[]) {
      const page = await session.newPage(SCREENS[name]);
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(`${page.url()}: ${message.text()}`);
      });
      pages[name] = page;
    }
    await createModel(session.hub.url, "e2e/no-card-chat", {
      library_name: "transformers",
      pipeline_tag: "text-generation",
      tags: ["transformers", "conversational"],
    });
  });
  afterAll(async () => {
    await session?.close();
  });
  const pageFor = (name: ScreenName): Page => pages[name] as Page;

  it.each(Object.keys(SCREENS) as ScreenName[])(
    "shows the search box and the first models on the first screen (%s)",
    async (name) => {
      const page = pageFor(name);
      await page.goto("/models");
      const first = page.getByRole("list", { name: "Models" }).getByRole("listitem").first();
      await first.waitFor();
      const box = await first.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(SCREENS[name].height);
      expect(await topOf(page.getByRole("searchbox", { name: "Search" }))).toBeLessThan(SCREENS[name].height);
      await saveScreenshot(page, `list-${name}`);
    },
  );

  it("puts the panel beside the card on the first screen of a laptop, with or without a card", async () => {
    const page = pageFor("desktop");
    for (const id of [SHOWN.chat, "e2e/no-card-chat"]) {
      await openModel(page, id);
      const panel = page.getByRole("heading", { name: "Use this model" });
      const snippet = page.locator(".library figure").first();
      expect(await topOf(panel), id).toBeLessThan(SCREENS.desktop.height / 2);
      expect(await topOf(snippet), id).toBeLessThan(SCREENS.desktop.height);
      // Side by side: the panel starts level with the card column, not below it.
      const sections = page.getByRole("region", { name: "Model card and files" });
      expect(Math.abs((await topOf(page.locator(".use-this-model"))) - (await topOf(sections)))).toBeLessThan(40);
    }
  });

  it("puts the snippets before the card on a phone", async () => {
    const page = pageFor("phone");
    await openModel(page, SHOWN.chat);
    const panel = await topOf(page.getByRole("heading", { name: "Use this model" }));
    const card = await topOf(page.getByRole("region", { name: "Model card and files" }));
    expect(panel).toBeLessThan(card);
    expect(panel).toBeLessThan(SCREENS.phone.height);
  });

  it.each(Object.keys(SCREENS) as ScreenName[])(
    "saves the model pages of a chat LLM, a GGUF and a diffusers model (%s)",
    async (name) => {
      const page = pageFor(name);
      for (const [family, id] of Object.entries(SHOWN)) {
        await openModel(page, id);
        await page.locator(".library figure pre .hljs-keyword").first().waitFor();
        await saveScreenshot(page, `model-${family}-${name}`);
      }
    },
  );

  it("scrolls long code lines inside the block, with a visible scrollbar", async () => {
    const page = pageFor("phone");
    await openModel(page, SHOWN.chat);
    const pre = page.locator(".library figure pre").first();
    const style = await pre.evaluate((element) => {
      const css = getComputedStyle(element);
      return {
        overflowX: css.overflowX,
        scrollbar: css.scrollbarWidth,
        wider: element.scrollWidth > element.clientWidth,
      };
    });
    expect(style).toEqual({ overflowX: "auto", scrollbar: "thin", wider: true });
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SCREENS.phone.width);
  });

  it("has no serious accessibility violation on the list, a model page and the not-found page", async () => {
    const page = pageFor("desktop");
    await page.goto("/models");
    await page.getByRole("list", { name: "Models" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await openModel(page, SHOWN.chat);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/nobody/no-such-model");
    await page.getByRole("heading", { name: "Not found" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("logs no console error across the list, ten model pages of different families and the not-found page", async () => {
    const page = pageFor("desktop");
    consoleErrors.length = 0;
    await page.goto("/models");
    await page.getByRole("list", { name: "Models" }).waitFor();
    for (const id of CRAWLED) await openModel(page, id);
    expect(consoleErrors).toEqual([]);
    const missing = await page.goto("/nobody/no-such-model");
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "Not found" }).waitFor();
    // The one error Chromium logs there is the page's own, intended HTTP 404.
    expect(consoleErrors.filter((error) => !/status of 404/.test(error) || !error.includes("no-such-model"))).toEqual(
      [],
    );
    expect(session.pageErrors).toEqual([]);
  });
});
