import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { type Hub, startHub } from "./hub";

/** A running hub with a browser pointed at it. */
export interface Session {
  /** The hub. */
  hub: Hub;
  /** The browser. */
  browser: Browser;
  /** Opens a fresh context (own storage, clipboard permissions granted) with one page. */
  newPage: (options?: { width?: number; height?: number; colorScheme?: "light" | "dark" }) => Promise<Page>;
  /** Uncaught page errors seen so far, in any page. */
  pageErrors: string[];
  /** Closes the browser and the hub. */
  close: () => Promise<void>;
}

/** Starts a hub with the demo catalog and a headless Chromium. */
export async function startSession(): Promise<Session> {
  const hub = await startHub();
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await hub.close();
    throw error;
  });
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  return {
    hub,
    browser,
    pageErrors,
    newPage: async ({ width = 1280, height = 900, colorScheme = "light" } = {}) => {
      const context = await browser.newContext({ baseURL: hub.url, viewport: { width, height }, colorScheme });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: hub.url });
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (error) => pageErrors.push(error.message));
      return page;
    },
    close: async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await hub.close();
    },
  };
}
