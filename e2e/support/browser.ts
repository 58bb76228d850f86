import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium: the tests never download a browser. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Why the browser tests are skipped, or null when they run. They run whenever Chromium is
 * installed, and always in CI (where a missing browser must fail, not pass silently).
 */
export function skipReason(): string | null {
  if (existsSync(CHROMIUM_PATH) || process.env.CI) return null;
  return `${CHROMIUM_PATH} is missing and CI is unset: browser tests skipped (apt-get install -y chromium)`;
}

/** Headless, no sandbox (root), and nothing that talks to the network on its own (this machine's network is closed). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
] as const;

/** Launches Debian's headless Chromium with CHROMIUM_ARGS. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}
