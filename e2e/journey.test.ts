// The visitor journey in a real browser against a real hub: list, filter, search, model
// page, library snippet, provider/language/client, streaming, copy, reload, back.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipReason } from "./support/browser";
import { type ChatModel, findChatModel } from "./support/catalog";
import { TEST_RESULTS } from "./support/paths";
import { type Session, startSession } from "./support/session";

const skip = skipReason();
if (skip) console.warn(`e2e: ${skip}`);

/** The code shown in the selected inference client tab. */
function inferenceCode(page: Page): Locator {
  return page.locator(".inference .tabs__panel .tabs__panel figure pre").first();
}

/** Waits until `locator`'s text satisfies `check`, returning it. */
async function textWhere(locator: Locator, check: (text: string) => boolean, timeout = 10_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = (await locator.textContent({ timeout })) ?? "";
    if (check(text)) return text;
    if (Date.now() > deadline) throw new Error(`text never matched; last: ${text.slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(skip !== null)("visitor journey", () => {
  let session: Session;
  let page: Page;
  let model: ChatModel;

  beforeAll(async () => {
    session = await startSession();
    model = await findChatModel(session.hub.url);
    page = await session.newPage();
  });

  afterAll(async () => {
    await session?.close();
  });

  it("lists models and filters them by library", async () => {
    await page.goto("/");
    await page.waitForURL(/\/models$/);
    const rows = page.locator("ol.model-list > li");
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(1);

    await page.getByRole("button", { name: /^Transformers \d/ }).click();
    await page.waitForURL(/library=transformers/);
    await expect
      .poll(async () => [...new Set(await page.locator(".model-row__library").allTextContents())])
      .toEqual(["transformers"]);
    expect(await page.getByRole("button", { name: /^Transformers \d/ }).getAttribute("aria-pressed")).toBe("true");
  });

  it("searches and opens a model page", async () => {
    const name = model.id.split("/")[1] ?? model.id;
    await page.getByRole("searchbox", { name: "Search" }).fill(name);
    await page.waitForURL((url) => url.searchParams.get("search") === name);
    const link = page.getByRole("link", { name: model.id, exact: true });
    await link.waitFor();
    await expect
      .poll(async () =>
        (await page.locator(".model-row__id").allTextContents()).every((id) =>
          id.toLowerCase().includes(name.toLowerCase()),
        ),
      )
      .toBe(true);
    await link.click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/${model.id}`);
    await page.getByRole("heading", { level: 1, name: model.id }).waitFor();
  });

  it("shows the library snippet with its registry fields", async () => {
    const libraries = page.getByRole("tablist", { name: "Library" });
    expect(await libraries.getByRole("tab").first().textContent()).toBe("Transformers");
    const section = page.locator(".library");
    // The registry's repository name of transformers is "🤗/transformers".
    expect(await section.getByRole("link", { name: /transformers$/ }).getAttribute("href")).toBe(
      "https://github.com/huggingface/transformers",
    );
    await section.getByText("Filter library").waitFor();
    const code = await section.locator("figure pre").first().textContent();
    expect(code).toContain(model.id);
    // Highlighting arrives with its own chunk.
    await section.locator("figure pre .hljs-keyword").first().waitFor();
  });

  it("switches provider, language and client, and toggles streaming", async () => {
    const before = await inferenceCode(page).textContent();
    await page.getByRole("combobox", { name: "Provider" }).selectOption(model.provider);
    await page.waitForURL((url) => url.searchParams.get("provider") === model.provider);
    await textWhere(inferenceCode(page), (text) => text !== before && text.includes(model.provider));

    await page.getByRole("tab", { name: "Python", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL((url) => url.searchParams.get("language") === "js");
    expect(await page.getByRole("tab", { name: "JavaScript" }).evaluate((tab) => tab === document.activeElement)).toBe(
      true,
    );
    await page.getByRole("tablist", { name: "JavaScript client" }).getByRole("tab", { name: "openai" }).click();
    await page.waitForURL((url) => url.searchParams.get("client") === "openai");
    const openai = await textWhere(inferenceCode(page), (text) => text.includes("openai"));

    await page.getByRole("checkbox", { name: "Stream the response" }).check();
    await page.waitForURL((url) => url.searchParams.get("streaming") === "true");
    const streaming = await textWhere(inferenceCode(page), (text) => text !== openai && /stream/i.test(text));
    expect(streaming).toMatch(/stream:\s*true/);
  });

  it("copies a snippet to the clipboard", async () => {
    const code = await inferenceCode(page).textContent();
    const figure = page.locator(".inference .tabs__panel .tabs__panel figure").first();
    await figure.getByRole("button", { name: /^Copy/ }).click();
    await figure.getByRole("button", { name: /^Copied/ }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  it("shows the same state after a reload, and back undoes the last choice", async () => {
    const url = page.url();
    const code = await inferenceCode(page).textContent();
    await page.reload();
    await inferenceCode(page).waitFor();
    expect(page.url()).toBe(url);
    expect(await page.getByRole("combobox", { name: "Provider" }).inputValue()).toBe(model.provider);
    expect(await page.getByRole("tab", { name: "JavaScript" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("tab", { name: "openai" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("checkbox", { name: "Stream the response" }).isChecked()).toBe(true);
    await textWhere(inferenceCode(page), (text) => text === code);

    mkdirSync(TEST_RESULTS, { recursive: true });
    await page.screenshot({ path: join(TEST_RESULTS, "model-page.png"), fullPage: true });

    await page.goBack();
    await page.waitForURL((back) => !back.searchParams.has("streaming"));
    expect(await page.getByRole("checkbox", { name: "Stream the response" }).isChecked()).toBe(false);
    await page.goForward();
    await page.waitForURL((forward) => forward.searchParams.get("streaming") === "true");
    expect(await page.getByRole("checkbox", { name: "Stream the response" }).isChecked()).toBe(true);
  });

  it("ran without a page error", () => {
    expect(session.pageErrors).toEqual([]);
  });
});
