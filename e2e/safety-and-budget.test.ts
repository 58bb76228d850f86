// What the journey does not cover: hostile metadata stays inert, the model page's JS budget,
// phone width, contrast in both themes, the not-found page.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipReason } from "./support/browser";
import { type ChatModel, findChatModel } from "./support/catalog";
import { inertReport, lowContrast, trapDialogs } from "./support/page-checks";
import { TEST_RESULTS } from "./support/paths";
import { type Session, startSession } from "./support/session";

const skip = skipReason();
const HOSTILE_ID = "demo/hostile-metadata";
// Issue 5: the model page route ships at most 150 KB of gzipped JS (a size, checked here; the time to the first
// snippet is measured by bench/web.ts, not asserted in npm test, where a loaded machine would fail it).
const JS_BUDGET_BYTES = 150 * 1024;

describe.skipIf(skip !== null)("safety, budget and layout", () => {
  let session: Session;
  let model: ChatModel;

  beforeAll(async () => {
    session = await startSession();
    model = await findChatModel(session.hub.url);
  });

  afterAll(async () => {
    await session?.close();
  });

  it("renders the hostile-metadata model inert: no script runs, no dialog opens", async () => {
    const page = await session.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await trapDialogs(page);
    const expectInert = async () => {
      const report = await inertReport(page);
      expect(report.pwned).toBeNull();
      expect(dialogs).toEqual([]);
      expect(report.embeds).toBe(0);
      expect(report.handlers).toBe(0);
      expect(report.scripts.every((src) => src.startsWith(`${session.hub.url}/assets/`))).toBe(true);
      for (const href of report.hrefs) expect(href).toMatch(/^https?:\/\//);
      return report;
    };

    await page.goto(`/${HOSTILE_ID}`);
    await page.getByRole("heading", { level: 1, name: HOSTILE_ID }).waitFor();
    await page.locator("figure.code-block pre").first().waitFor();
    await page.waitForTimeout(300);
    const report = await expectInert();
    // The payloads are on the page, as text.
    expect(report.text).toContain("<script>alert(1)</script>");
    expect(report.text).toContain('"><img src=x onerror=alert(1)>');
    expect(report.text).toContain("javascript:alert(1)");

    // Its provider mapping carries a payload too: walk the inference view through it.
    await page.getByRole("combobox", { name: "Provider" }).selectOption("together");
    await page.waitForURL((url) => url.searchParams.get("provider") === "together");
    for (const language of ["JavaScript", "Shell", "Python"]) {
      await page.getByRole("tab", { name: language, exact: true }).click();
      await page.locator(".inference figure.code-block pre, .inference .note--warning").first().waitFor();
    }
    await page.getByRole("checkbox", { name: "Direct request (call the provider, not the router)" }).check();
    await page.locator(".inference figure.code-block pre").first().waitFor();
    await page.waitForTimeout(300);
    await expectInert();

    // And the list shows its row as text.
    await page.goto("/models?search=hostile");
    await page.getByRole("link", { name: HOSTILE_ID }).waitFor();
    await expectInert();
  });

  it("keeps the model page within its JS budget", async () => {
    const page = await session.newPage();
    // Sizes from the first, cold load; later loads come from the cache with empty bodies.
    const scripts = new Map<string, Promise<number>>();
    const onResponse = (response: Response) => {
      if (response.request().resourceType() !== "script" || scripts.has(response.url())) return;
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    };
    page.on("response", onResponse);
    await page.goto(`/${model.id}`);
    // The budget covers everything the route loads, the lazily loaded highlighter included.
    await page.locator("figure.code-block pre .hljs-keyword").first().waitFor();
    page.off("response", onResponse);
    const sizes = await Promise.all(scripts.values());
    const total = sizes.reduce((sum, size) => sum + size, 0);
    console.info(`model page: ${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(sizes.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });

  it("fits a 375 px phone screen", async () => {
    const page = await session.newPage({ width: 375 });
    for (const path of ["/models", `/${model.id}?language=sh`]) {
      await page.goto(path);
      await page.locator("ol.model-list > li, figure.code-block").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    mkdirSync(TEST_RESULTS, { recursive: true });
    await page.screenshot({ path: join(TEST_RESULTS, "model-page-375px.png"), fullPage: true });
  });

  it.each(["light", "dark"] as const)("keeps text contrast in the %s theme", async (colorScheme) => {
    const page = await session.newPage({ colorScheme });
    await page.goto(`/${model.id}`);
    await page.locator("figure.code-block pre .hljs-keyword").first().waitFor();
    const selectors = [
      "h1",
      ".facts dt",
      ".facts dd a",
      ".tag",
      ".badge",
      ".library__links a",
      ".tabs__tab[aria-selected='false']",
      ".tabs__tab[aria-selected='true']",
      ".code-block__language",
      ".code-block__pre",
      ".hljs-keyword",
      ".hljs-string",
      ".inference .muted",
      ".note",
      ".copy-button",
    ];
    expect(await lowContrast(page, selectors)).toEqual([]);
    mkdirSync(TEST_RESULTS, { recursive: true });
    await page.screenshot({ path: join(TEST_RESULTS, `model-page-${colorScheme}.png`), fullPage: true });
    await page.goto("/models");
    await page.locator("ol.model-list > li").first().waitFor();
    expect(await lowContrast(page, [".model-row__id", ".model-row__meta li", ".chip", ".site-header a"])).toEqual([]);
  });

  it("shows visible focus on keyboard navigation", async () => {
    const page = await session.newPage();
    await page.goto(`/${model.id}`);
    const tab = page.getByRole("tab", { name: "Python", exact: true });
    await tab.waitFor();
    await tab.focus();
    await page.keyboard.press("ArrowRight");
    const outline = await page
      .getByRole("tab", { name: "JavaScript" })
      .evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`);
    expect(outline).toBe("solid 2px");
  });

  it("shows a not-found page for an unknown model", async () => {
    const page: Page = await session.newPage();
    await page.goto("/nobody/no-such-model");
    await page.getByRole("heading", { name: "Not found" }).waitFor();
    expect(await page.textContent("main")).toContain("There is no model nobody/no-such-model on this hub.");
  });

  it("ran without a page error", () => {
    expect(session.pageErrors).toEqual([]);
  });
});
