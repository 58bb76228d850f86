// bench/web: the production web app in headless Chromium against the built hub on loopback: the JS and CSS each
// route downloads (as transferred, compressed by the hub), and the time from navigation start to the first snippet
// on a model page.
import { loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "playwright-core";
import { CHROMIUM_ARGS, launchBrowser } from "../e2e/support/browser.js";
import { startHub } from "./processes.js";
import { type BenchOptions, type BenchSection, target } from "./section.js";
import { fmt, median, table } from "./stats.js";

const KB = 1000;
const JS_TARGET_KB = 100;
const FIRST_SNIPPET_TARGET_MS = 300;
/** A snippet's code block on the model page (panels/CodeBlock). */
const CODE_BLOCK = "figure.code-block pre code";

/** Bytes one route downloaded, by kind. */
interface RouteBytes {
  jsRaw: number;
  jsGzip: number;
  /** JS bytes on the wire: the body as the hub sent it (brotli when the browser asks for it). */
  jsSent: number;
  cssSent: number;
  /** The Content-Encoding of the scripts, e.g. `br`. */
  encodings: Set<string>;
  files: number;
}

// Runs in the page before its own scripts: notes the time (from navigation start) of the first frame showing a
// snippet's code, so no polling from outside adds to the figure.
function firstSnippetProbe(selector: string): void {
  const w = window as unknown as { __firstSnippetMs?: number };
  const observer = new MutationObserver(() => {
    const code = document.querySelector(selector);
    if (!code || (code.textContent ?? "").trim() === "") return;
    observer.disconnect();
    requestAnimationFrame(() => {
      w.__firstSnippetMs = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

async function routeBytes(context: BrowserContext, url: string, ready: string): Promise<RouteBytes> {
  const page = await context.newPage();
  const pending: Array<Promise<void>> = [];
  const bytes: RouteBytes = { jsRaw: 0, jsGzip: 0, jsSent: 0, cssSent: 0, encodings: new Set(), files: 0 };
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    pending.push(
      Promise.all([response.body(), response.request().sizes(), response.headerValue("content-encoding")]).then(
        ([body, sizes, encoding]) => {
          bytes.files++;
          if (type === "script") {
            bytes.jsRaw += body.length;
            bytes.jsGzip += gzipSync(body).length;
            bytes.jsSent += sizes.responseBodySize;
            bytes.encodings.add(encoding ?? "identity");
          } else bytes.cssSent += sizes.responseBodySize;
        },
      ),
    );
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: "visible", timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  await page.close();
  return bytes;
}

async function firstSnippetMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(firstSnippetProbe, CODE_BLOCK);
    await page.goto(url);
    const handle = await page.waitForFunction(
      () => (window as unknown as { __firstSnippetMs?: number }).__firstSnippetMs,
      undefined,
      { timeout: 30_000 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

async function chatModelId(hubUrl: string): Promise<string> {
  const res = await fetch(
    `${hubUrl}/api/models?pipeline_tag=text-generation&filter=conversational&sort=downloads&limit=1`,
  );
  const [first] = (await res.json()) as Array<{ id: string }>;
  if (!first) throw new Error("the demo catalog has no conversational text-generation model");
  return first.id;
}

/** Runs the web benchmark and returns its RESULTS.md section. */
export async function benchWeb({ smoke }: BenchOptions): Promise<BenchSection> {
  const runs = smoke ? 2 : 10;
  const hub = await startHub();
  const browser = await launchBrowser();
  try {
    const id = await chatModelId(hub.url);
    const modelUrl = `${hub.url}/${id}`;
    const routes: Array<[string, string, string]> = [
      ["/models", `${hub.url}/models`, "ol.model-list > li"],
      [`/:namespace/:name (${id})`, modelUrl, CODE_BLOCK],
    ];
    const sizes: Array<[string, RouteBytes]> = [];
    for (const [label, url, ready] of routes) {
      // A fresh context per route: nothing comes from the cache, every file the route needs is counted.
      const context = await browser.newContext();
      sizes.push([label, await routeBytes(context, url, ready)]);
      await context.close();
    }
    await firstSnippetMs(browser, modelUrl); // warm-up: the hub's caches and Chromium's processes
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await firstSnippetMs(browser, modelUrl));
    const first = median(times);
    // Times on a shared machine depend on what else runs: the load is part of the figure.
    const load = loadavg()[0] ?? Number.NaN;
    const modelJs = (sizes[1]?.[1].jsSent ?? Number.NaN) / KB;

    const body = [
      `Headless Chromium (Debian's, \`${CHROMIUM_ARGS.join(" ")}\`) against the built hub (\`modelhub serve\`, demo catalog) on loopback. Sizes: every script and stylesheet the route downloads in a fresh browser context until the network is idle: as transferred (the encoded body Chromium received, with the Content-Encoding the hub chose), and, for comparison, the decoded JS gzipped with zlib's default level (1 KB = 1000 bytes). First snippet: time from navigation start to the first animation frame after a snippet's code is in the page, fresh context each run (nothing cached), median of ${runs} after a warm-up run. Load average (1 min) when the timing ended: ${fmt(load, 1)} on this machine's cores.`,
      "",
      table(
        ["route", "files", "JS (KB)", "JS gzipped (KB)", "JS transferred (KB)", "encoding", "CSS transferred (KB)"],
        sizes.map(([label, b]) => [
          label,
          b.files,
          fmt(b.jsRaw / KB, 1),
          fmt(b.jsGzip / KB, 1),
          fmt(b.jsSent / KB, 1),
          [...b.encodings].join(", "),
          fmt(b.cssSent / KB, 1),
        ]),
      ),
      "",
      table(
        ["measure", "median ms", "min ms", "max ms"],
        [
          [
            "navigation start → first snippet visible (model page)",
            fmt(first, 0),
            fmt(Math.min(...times), 0),
            fmt(Math.max(...times), 0),
          ],
        ],
      ),
      "",
      target(`model page JS ≤ ${JS_TARGET_KB} KB as transferred`, modelJs <= JS_TARGET_KB, `${fmt(modelJs, 1)} KB`),
      target(`first snippet < ${FIRST_SNIPPET_TARGET_MS} ms`, first < FIRST_SNIPPET_TARGET_MS, `${fmt(first, 0)} ms`),
    ].join("\n");
    return {
      title: "Web app",
      command: "npm run bench -- web",
      body,
      headlines: [
        `model page: ${fmt(modelJs, 1)} KB of JS transferred (target ≤ ${JS_TARGET_KB} KB), first snippet after ${fmt(first, 0)} ms (target < ${FIRST_SNIPPET_TARGET_MS} ms)`,
      ],
    };
  } finally {
    await browser.close();
    await hub.stop();
  }
}
