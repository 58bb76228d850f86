// The web app's honest states in a real browser: API down, server errors, a bad value in the URL, an unknown model;
// the list's filter chips, totals and pages; a README upload that keeps a chat model's chat snippets.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipReason } from "./support/browser";
import { SCREENS } from "./support/screens";
import { type Session, startSession } from "./support/session";
import { putFile } from "./support/uploads";

const skip = skipReason();
if (skip) console.warn(`e2e: ${skip}`);

const CHAT = "Qwen/Qwen3-8B";

describe.skipIf(skip !== null)("states, filters and pages", () => {
  let session: Session;
  let page: Page;

  beforeAll(async () => {
    session = await startSession();
    page = await session.newPage(SCREENS.desktop);
  });
  afterAll(async () => {
    await session?.close();
  });

  it("says the hub cannot be reached when the API is down, and recovers with Try again", async () => {
    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await page.goto("/models");
    const alert = page.getByRole("alert").first();
    await alert.waitFor();
    expect(await alert.textContent()).toContain("The hub cannot be reached");
    expect(await page.textContent("body")).not.toMatch(/No tags yet|these options/i);
    await page.unroute("**/api/**");
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("list", { name: "Models" }).waitFor();
  });

  it("shows a server error's status and request id, never its raw message", async () => {
    await page.route("**/api/models/*/*/snippets*", (route) =>
      route.fulfill({
        status: 503,
        headers: { "content-type": "application/json", "x-request-id": "req-e2e-42" },
        body: JSON.stringify({ error: "internal: pool exhausted at db.ts:12" }),
      }),
    );
    await page.goto(`/${CHAT}`);
    const alert = page.getByRole("alert").first();
    await alert.waitFor();
    const text = (await alert.textContent()) ?? "";
    expect(text).toContain("HTTP 503");
    expect(text).toContain("req-e2e-42");
    expect(text).not.toContain("pool exhausted");
    await page.unroute("**/api/models/*/*/snippets*");
  });

  it("keeps the library snippets with a bad provider in the URL, names the value and drops it in one click", async () => {
    await page.goto(`/${CHAT}?provider=not-a-provider`);
    await page.locator(".library figure").first().waitFor();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("“not-a-provider”");
    await alert.getByRole("button", { name: "Remove the inference provider" }).click();
    await page.waitForURL((url) => !url.searchParams.has("provider"));
    await page.locator(".inference figure").first().waitFor();
  });

  it("answers an unknown model with HTTP 404 and the not-found page", async () => {
    const response = await page.goto("/nobody/no-such-model");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Not found" }).waitFor();
    expect(await page.textContent("main")).toContain("nobody/no-such-model");
  });

  it("shows a library reached from a model page's Library link as a chip, removable, with Clear all", async () => {
    await page.goto(`/${CHAT}`);
    await page.getByRole("link", { name: "transformers", exact: true }).first().click();
    await page.waitForURL((url) => url.searchParams.get("library") === "transformers");
    const active = page.getByRole("region", { name: "Active filters" });
    await active.getByRole("button", { name: "Remove filter Library: Transformers" }).waitFor();
    await page.getByRole("button", { name: /^conversational/ }).click();
    await active.getByRole("button", { name: "Remove filter Tag: conversational" }).waitFor();
    await active.getByRole("button", { name: "Remove filter Library: Transformers" }).click();
    await page.waitForURL(
      (url) => !url.searchParams.has("library") && url.searchParams.get("filter") === "conversational",
    );
    await active.getByRole("button", { name: "Clear all" }).click();
    await page.waitForURL((url) => url.search === "");
    expect(await active.count()).toBe(0);
  });

  it("shows the total and walks to the next page and back", async () => {
    const facets = (await (await fetch(`${session.hub.url}/api/model-facets`)).json()) as { total: { count: number } };
    await page.goto("/models");
    await page.getByText(`${new Intl.NumberFormat("en").format(facets.total.count)} models`).waitFor();
    const firstPage = await page.getByRole("list", { name: "Models" }).getByRole("link").first().textContent();
    await page.getByRole("button", { name: "Next page" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await page.getByText("· page 2").waitFor();
    const secondPage = await page.getByRole("list", { name: "Models" }).getByRole("link").first().textContent();
    expect(secondPage).not.toBe(firstPage);
    await page.getByRole("button", { name: "Previous page" }).click();
    await page.waitForURL((url) => !url.searchParams.has("cursor"));
    await page
      .getByRole("list", { name: "Models" })
      .getByRole("link", { name: firstPage ?? "" })
      .waitFor();
    expect(await page.getByRole("button", { name: "Previous page" }).isDisabled()).toBe(true);
  });

  it("keeps a chat model's chat snippets after its README.md is replaced", async () => {
    await putFile(session.hub.url, CHAT, "README.md", "---\nlicense: mit\ntags: [qwen]\n---\n# A new card\n");
    await page.goto(`/${CHAT}`);
    await page.getByRole("heading", { name: "A new card" }).waitFor();
    const code = page.locator(".inference figure pre").first();
    await code.waitFor();
    expect(await code.textContent()).toContain("chat.completions");
    expect(await page.getByRole("link", { name: "conversational" }).count()).toBeGreaterThan(0);
  });
});
