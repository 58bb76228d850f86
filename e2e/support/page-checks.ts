import type { Page } from "playwright-core";

/** A text element whose contrast with its background falls below WCAG AA. */
export interface ContrastFailure {
  /** The CSS selector checked. */
  selector: string;
  /** Its text. */
  text: string;
  /** The contrast ratio found. */
  ratio: number;
}

/**
 * Contrast (WCAG 2 relative luminance) of the first visible element of each selector against the
 * first opaque background behind it; returns the ones under `minimum`.
 */
export function lowContrast(page: Page, selectors: readonly string[], minimum = 4.5): Promise<ContrastFailure[]> {
  return page.evaluate(
    ({ selectors, minimum }) => {
      const rgb = (color: string): [number, number, number, number] => {
        const parts = color.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 1];
        return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
      };
      const luminance = ([r, g, b]: [number, number, number, number]) => {
        const channel = (v: number) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const background = (element: Element | null): [number, number, number, number] => {
        for (let node = element; node; node = node.parentElement) {
          const color = rgb(getComputedStyle(node).backgroundColor);
          if (color[3] > 0.99) return color;
        }
        return [255, 255, 255, 1];
      };
      const failures: { selector: string; text: string; ratio: number }[] = [];
      for (const selector of selectors) {
        const element = [...document.querySelectorAll(selector)].find((e) => (e as HTMLElement).offsetParent !== null);
        if (!element) {
          failures.push({ selector, text: "(not found)", ratio: 0 });
          continue;
        }
        const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background(element))];
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (ratio < minimum) failures.push({ selector, text: element.textContent ?? "", ratio });
      }
      return failures;
    },
    { selectors: [...selectors], minimum },
  );
}

/** What a page exposes that hostile data could have used to run code. */
export interface InertReport {
  /** A trapped dialog function that was called, if any. */
  pwned: string | null;
  /** Elements that load or embed content: img, iframe, object, embed. */
  embeds: number;
  /** Elements with an inline event handler attribute. */
  handlers: number;
  /** The sources of the page's scripts. */
  scripts: string[];
  /** Every link's resolved href. */
  hrefs: string[];
  /** The page's text. */
  text: string;
}

/** Replaces alert/confirm/prompt before any page script, so a payload that runs leaves a mark. */
export async function trapDialogs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const name of ["alert", "confirm", "prompt"] as const) {
      window[name] = () => {
        (window as unknown as { __pwned?: string }).__pwned = name;
        return null as never;
      };
    }
  });
}

/** Inspects the page for any sign that data became markup or code. */
export function inertReport(page: Page): Promise<InertReport> {
  return page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    embeds: document.querySelectorAll("img, iframe, object, embed").length,
    handlers: [...document.querySelectorAll("*")].filter((e) => [...e.attributes].some((a) => a.name.startsWith("on")))
      .length,
    scripts: [...document.scripts].map((s) => s.src),
    hrefs: [...document.querySelectorAll("a")].map((a) => a.href),
    text: document.body.textContent ?? "",
  }));
}
