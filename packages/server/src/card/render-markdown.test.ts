import { describe, expect, it } from "vitest";
import { htmlElements as tagsOf, htmlUrls as urls } from "../test-utils/html-elements.js";
import { renderCardMarkdown } from "./render-markdown.js";

const render = (source: string): string => renderCardMarkdown(source, { fileBaseUrl: "/acme/tiny/resolve/main/" });

const ALLOWED_TAGS = new Set(["p", "a", "img", "code", "em", "strong", "br"]);

function expectInert(html: string): void {
  for (const tag of tagsOf(html)) {
    expect(ALLOWED_TAGS).toContain(tag.name);
    for (const attribute of Object.keys(tag.attribs)) expect(attribute).not.toMatch(/^on/i);
  }
  for (const url of urls(html)) expect(url).toMatch(/^(https?:|mailto:|\/|#)/);
}

describe("renderCardMarkdown", () => {
  it("renders ordinary markdown", () => {
    const html = render(
      "# Tiny\n\nA *small* model. See [docs](https://example.com/docs).\n\n```python\nprint(1)\n```\n",
    );
    expect(html).toContain("<h1>Tiny</h1>");
    expect(html).toContain("<em>small</em>");
    expect(html).toContain('<a href="https://example.com/docs" rel="nofollow noopener noreferrer">docs</a>');
    expect(html).toContain('<pre><code class="language-python">print(1)\n</code></pre>');
  });

  it("loads images only from the hub or an allowed origin, never sending a referrer", () => {
    const source = "![plot](./plot.png) ![cdn](https://cdn.example.org/a.png) ![tracker](https://track.example/p.gif)";
    const html = renderCardMarkdown(source, {
      fileBaseUrl: "/acme/tiny/resolve/main/",
      imageOrigins: ["https://cdn.example.org"],
    });
    expect(html).toContain('<img src="/acme/tiny/resolve/main/plot.png" alt="plot" referrerpolicy="no-referrer" />');
    expect(html).toContain('<img src="https://cdn.example.org/a.png" alt="cdn" referrerpolicy="no-referrer" />');
    expect(html).not.toContain("track.example");
    expect(html).toContain("tracker");
    expect(render("![cdn](https://cdn.example.org/a.png)")).not.toContain("<img");
  });

  it("renders tables with their alignment", () => {
    const html = render("| a | b |\n|:-:|--:|\n| 1 | 2 |\n");
    expect(html).toContain('<th style="text-align:center">a</th>');
    expect(html).toContain('<td style="text-align:right">2</td>');
  });

  it("points relative links and images at the repository's files", () => {
    const html = render("[weights](model.safetensors) ![plot](./img/plot.png) [up](../other) [top](#usage)");
    expect(urls(html)).toEqual([
      "/acme/tiny/resolve/main/model.safetensors",
      "/acme/tiny/resolve/main/img/plot.png",
      "/acme/tiny/resolve/other",
      "#usage",
    ]);
  });

  it("keeps mailto links and linkifies bare URLs", () => {
    const html = render("Write to <mailto:team@example.com> or visit https://example.com.");
    expect(urls(html)).toEqual(["mailto:team@example.com", "https://example.com"]);
  });

  it.each([
    ["script tag", "<script>alert(1)</script>"],
    ["script split over lines", "<scr\nipt>alert(1)</script>"],
    ["img onerror", '<img src="x" onerror="alert(1)">'],
    ["svg onload", "<svg onload=alert(1)></svg>"],
    ["iframe", '<iframe src="https://evil.example"></iframe>'],
    ["style", "<style>body{display:none}</style>"],
    ["javascript link", "[click](javascript:alert(1))"],
    ["mixed-case javascript", "[click](JaVaScRiPt:alert(1))"],
    ["entity-encoded javascript", "[click](&#106;avascript:alert(1))"],
    ["tab inside scheme", "[click](java\tscript:alert(1))"],
    ["javascript autolink", "<javascript:alert(1)>"],
    ["javascript reference", "[click][x]\n\n[x]: javascript:alert(1)"],
    ["javascript image", "![img](javascript:alert(1))"],
    ["data html link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["data image", "![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
    ["vbscript link", "[click](vbscript:msgbox(1))"],
    ["file link", "[click](file:///etc/passwd)"],
    ["protocol-relative", "[click](//evil.example/x)"],
    ["quote breaking out of src", '![x](x" onerror="alert(1))'],
    ["quote breaking out of title", '[x](https://example.com "a\\" onmouseover=\\"alert(1)")'],
    ["raw anchor", '<a href="javascript:alert(1)">click</a>'],
    ["html in code", "`<img src=x onerror=alert(1)>`"],
  ])("keeps %s inert", (_name, source) => {
    expectInert(render(source));
  });

  it("finds real elements in rendered HTML, so the inertness checks can fail", () => {
    expect(tagsOf('<p><img src="x" onerror="alert(1)"></p>&lt;b&gt;')).toEqual([
      { name: "p", attribs: {} },
      { name: "img", attribs: { src: "x", onerror: "alert(1)" } },
    ]);
  });

  it("shows raw HTML as text instead of dropping what the author wrote", () => {
    expect(render("<b>bold?</b>")).toContain("&lt;b&gt;bold?&lt;/b&gt;");
  });
});
