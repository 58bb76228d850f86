import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

// axe-core's browser build, read once. It is evaluated through the DevTools protocol, which a page's
// Content-Security-Policy does not govern (an injected <script> would be refused, as it should be).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One accessibility violation as axe reports it. */
export interface AxeViolation {
  /** The rule, e.g. `color-contrast`. */
  id: string;
  /** minor, moderate, serious or critical. */
  impact: string | null;
  /** What the rule checks. */
  help: string;
  /** Selectors of the elements that fail. */
  targets: string[];
}

/** The serious and critical violations of the WCAG 2 A/AA rules on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    })) as { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.flatMap((node) => node.target.map(String)),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
