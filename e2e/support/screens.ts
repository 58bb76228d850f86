import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { ROOT } from "./paths";

/** The two screens the web app is checked on: a laptop and a phone. */
export const SCREENS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** A screen's name. */
export type ScreenName = keyof typeof SCREENS;

/** Where the browser tests save screenshots (git-ignored; CI keeps them as artifacts). */
export const SCREENSHOT_DIR = join(ROOT, "e2e", "screenshots");

/** Saves the first screen of `page` as `e2e/screenshots/<name>.png`. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Where `locator` starts, in page pixels from the top of the document. */
export async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("element is not visible");
  return box.y + (await locator.page().evaluate(() => window.scrollY));
}
