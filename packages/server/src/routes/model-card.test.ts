import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { htmlElements, htmlUrls } from "../test-utils/html-elements.js";
import { hubModel } from "../test-utils/hub-models.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../test-utils/repo-test-app.js";
import type { ModelCard } from "./model-card.js";

const fixture = (path: string): Promise<Buffer> =>
  readFile(fileURLToPath(new URL(`../model-folder/__fixtures__/${path}`, import.meta.url)));

const cardOf = async (response: Response): Promise<ModelCard> => (await response.json()) as ModelCard;

describe("GET /api/models/:namespace/:name/card", () => {
  let hub: RepoTestApp;
  beforeEach(async () => {
    hub = await startRepoTestApp({ models: [hubModel("acme/tiny-llama"), hubModel("acme/hostile")] });
  }, APP_HOOK_TIMEOUT_MS);
  afterEach(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  const upload = async (id: string, path: string, body: Buffer | string) => {
    const response = await hub.admin(`/api/models/${id}/files/${path}`, { method: "PUT", body });
    expect(response.status).toBe(201);
  };

  it("renders the card's markdown and returns its front matter", async () => {
    await upload("acme/tiny-llama", "README.md", await fixture("tiny-llama/README.md"));
    const response = await hub.fetch("/api/models/acme/tiny-llama/card");
    expect(response.status).toBe(200);
    const card = await cardOf(response);
    expect(card.html).toContain("<h1>Tiny Llama</h1>");
    expect(card.html).toContain('<td style="text-align:right">2.31</td>');
    expect(card.html).toContain('<code class="language-python">');
    expect(card.html).toContain(
      '<a href="/acme/tiny-llama/resolve/main/config.json" rel="nofollow noopener noreferrer">',
    );
    expect(card.html).not.toContain("library_name");
    expect(card.frontMatter).toMatchObject({ library_name: "transformers", license: "apache-2.0" });
    expect(card.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("follows a new README.md", async () => {
    await upload("acme/tiny-llama", "README.md", "# First\n");
    expect((await cardOf(await hub.fetch("/api/models/acme/tiny-llama/card"))).html).toBe("<h1>First</h1>\n");
    await hub.admin("/api/models/acme/tiny-llama/files/README.md", { method: "PUT", body: "# Second\n" });
    expect((await cardOf(await hub.fetch("/api/models/acme/tiny-llama/card"))).html).toBe("<h1>Second</h1>\n");
  });

  it("keeps a hostile card inert", async () => {
    await upload("acme/hostile", "README.md", await fixture("hostile-card/README.md"));
    const { html } = await cardOf(await hub.fetch("/api/models/acme/hostile/card"));
    expect(html).toContain("Hostile card");
    expect(html).toContain('<a href="https://example.com/docs" rel="nofollow noopener noreferrer">link</a>');
    for (const element of htmlElements(html)) {
      expect(["h1", "p", "a"]).toContain(element.name);
      expect(Object.keys(element.attribs).filter((name) => name.startsWith("on"))).toEqual([]);
    }
    expect(htmlUrls(html)).toEqual(["https://example.com/docs"]);
    // What the author wrote as raw HTML is shown as text.
    expect(html).toContain("&lt;script&gt;");
  });

  it("answers 404 when the model has no card, or does not exist", async () => {
    const none = await hub.fetch("/api/models/acme/tiny-llama/card");
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: 'file "README.md" not found in model "acme/tiny-llama"' });
    expect((await hub.fetch("/api/models/acme/missing/card")).status).toBe(404);
  });
});
