import { afterAll, describe, expect, it } from "vitest";
import { createCardRenderPool } from "./card-render-pool.js";
import { cardWords } from "./card-words.js";

const OPTIONS = { fileBaseUrl: "/acme/tiny/resolve/main/" };

describe("createCardRenderPool", () => {
  const pool = createCardRenderPool({ timeoutMs: 1_500, maxBytes: 5 * 1024 * 1024 });
  afterAll(() => pool.close());

  it("renders a card in the worker: sanitized HTML and front matter", async () => {
    const source = "---\nlicense: mit\n---\n# Tiny\n\nA *small* [model](config.json).\n\n<script>x</script>\n";
    const card = await pool.render(source, OPTIONS);
    expect(card).toEqual({
      status: "rendered",
      html:
        "<h1>Tiny</h1>\n<p>A <em>small</em> " +
        '<a href="/acme/tiny/resolve/main/config.json" rel="nofollow noopener noreferrer">model</a>.</p>\n' +
        "<p>&lt;script&gt;x&lt;/script&gt;</p>\n",
      frontMatter: { license: "mit" },
    });
  });

  it("works out a card's search words in the worker, as card-words.ts does", async () => {
    const source = "---\nlicense: mit\n---\n# Tiny Café\n\nA *small* [model](config.json).\n";
    expect(await pool.words(source)).toBe(cardWords(source));
    expect(await pool.words(source)).toBe("tiny cafe a small model");
  });

  it("answers `invalid` for a front matter that is not YAML", async () => {
    const card = await pool.render("---\na: [\n---\nbody\n", OPTIONS);
    expect(card.status).toBe("invalid");
    expect(card).toMatchObject({ message: expect.stringMatching(/^README\.md: front matter is not valid YAML/) });
  });

  it("stops a card past the time budget, then renders the next one in a fresh worker", async () => {
    const slow = "- a\n  - b\n".repeat(400_000);
    expect(await pool.render(slow, OPTIONS)).toEqual({
      status: "too_large",
      message: "README.md is too large to render (it did not render within 1.5 s); download it to read it",
    });
    expect(await pool.render("# After\n", OPTIONS)).toMatchObject({ status: "rendered", html: "<h1>After</h1>\n" });
  });

  it("refuses a card over the size limit without rendering it", async () => {
    const small = createCardRenderPool({ timeoutMs: 1_000, maxBytes: 10 });
    expect(await small.render("# Eleven chars", OPTIONS)).toMatchObject({ status: "too_large" });
    await small.close();
  });
});
