import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ModelCard as ModelCardData } from "../../../api";
import { parseCardHtml } from "./card-tree";
import { ModelCard } from "./ModelCard";

const NO_FACTS = { license: null, datasets: [], baseModels: [] };

/** Renders a card holding `html`. */
function renderCard(html: string, facts: ModelCardData["facts"] = NO_FACTS) {
  return render(<ModelCard card={{ html, facts }} error={null} onRetry={() => undefined} />);
}

// What a hostile README could put in front of the renderer if the server's sanitizer ever let it through.
const HOSTILE_HTML = `
<h2 onclick="window.__pwned=1" style="color:red" id="x" class="evil">Usage</h2>
<script>window.__pwned = 1</script>
<p>Before<img src=x onerror="window.__pwned=1">after
<a href="javascript:window.__pwned=1">js link</a>
<a href=" JAVASCRIPT:window.__pwned=1">spaced link</a>
<a href="data:text/html,<script>alert(1)</script>">data link</a>
<a href="https://example.org/docs" onmouseover="window.__pwned=1" target="_top">docs</a></p>
<iframe src="https://evil.example/"></iframe>
<object data="x.swf"></object><embed src="x.swf">
<svg><a href="javascript:alert(1)"><text>svg text</text></a></svg>
<form action="https://evil.example/"><input name="q" value="typed"><button>Send</button></form>
<div style="position:fixed;inset:0" onmouseenter="window.__pwned=1"><span>kept text</span></div>
<style>body { display: none }</style>
<img src="javascript:alert(1)" alt="bad image">
<table><tr><td style="text-align:right;background:url(javascript:alert(1))">cell</td>
<td style="text-align: center">centred</td></tr></table>
`;

describe("ModelCard", () => {
  it("renders headings, paragraphs, links, lists, tables, quotes and code", async () => {
    const { container } = renderCard(
      [
        "<h1>Tiny Llama</h1>",
        '<p>A <strong>small</strong> <em>model</em>, <del>old</del>. See <a href="https://example.org" rel="nofollow noopener noreferrer">docs</a> and <a href="#usage">usage</a>.</p>',
        "<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>",
        "<blockquote><p>quoted</p></blockquote><hr>",
        '<table>\n<thead>\n<tr>\n<th style="text-align:left">Metric</th>\n<th style="text-align:right">Score</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style="text-align:left">acc</td>\n<td style="text-align:right">0.9</td>\n</tr>\n</tbody>\n</table>',
        '<p><img src="/acme/tiny/resolve/main/plot.png" alt="A plot" title="Plot"></p>',
        '<pre><code class="language-python">import torch\nx = torch.zeros(2)  # tensor\n</code></pre>',
        '<pre><code class="language-text">plain &lt;b&gt;text&lt;/b&gt;</code></pre>',
        "<p>Inline <code>code</code><br>next line</p>",
      ].join("\n"),
    );
    expect(screen.getByRole("heading", { level: 1, name: "Tiny Llama" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "docs" })).toHaveAttribute("href", "https://example.org");
    expect(screen.getByRole("link", { name: "docs" })).toHaveAttribute("rel", "nofollow noopener noreferrer");
    expect(screen.getByRole("link", { name: "usage" })).toHaveAttribute("href", "#usage");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["one", "two", "first"]);
    const table = screen.getByRole("table");
    expect(within(table).getByRole("columnheader", { name: "Score" })).toHaveStyle({ textAlign: "right" });
    expect(within(table).getByRole("cell", { name: "0.9" })).toHaveStyle({ textAlign: "right" });
    expect(screen.getByRole("img", { name: "A plot" })).toHaveAttribute("src", "/acme/tiny/resolve/main/plot.png");
    expect(container.querySelector("blockquote")).toHaveTextContent("quoted");
    expect(container.querySelector("del")).toHaveTextContent("old");
    expect(container.querySelector("hr, br")).not.toBeNull();
    // The Python block is highlighted once the highlighter chunk has loaded; its text stays the code.
    await waitFor(() => expect(container.querySelector("code.language-python .hljs-keyword")).not.toBeNull());
    expect(container.querySelector("code.language-python")?.textContent).toBe(
      "import torch\nx = torch.zeros(2)  # tensor\n",
    );
    expect(container.querySelector("code.language-text")?.textContent).toBe("plain <b>text</b>");
    expect(container.querySelector("code.language-text span")).toBeNull();
  });

  it("renders hostile HTML inert, keeping its text as text", () => {
    const pwned = vi.fn();
    vi.stubGlobal("__pwned", undefined);
    window.addEventListener("error", pwned);
    const card = renderCard(HOSTILE_HTML).container.querySelector(".model-card") as HTMLElement;
    window.removeEventListener("error", pwned);
    const container = card;

    expect(container.querySelector("script, style, iframe, object, embed, svg, form, input, button, div")).toBeNull();
    const all = [...container.querySelectorAll("*")];
    expect(all.filter((element) => [...element.attributes].some((a) => a.name.startsWith("on")))).toEqual([]);
    expect(all.filter((element) => element.hasAttribute("id") || element.hasAttribute("target"))).toEqual([]);
    // A style holding anything besides the alignment is refused whole.
    expect([...container.querySelectorAll("[style]")].map((cell) => cell.outerHTML)).toEqual([
      '<td style="text-align: center;">centred</td>',
    ]);
    expect(container.querySelectorAll("[class]")).toHaveLength(0);
    // The relative image stays (it points into the model's files), without its handler.
    expect([...container.querySelectorAll("img")].map((img) => img.outerHTML)).toEqual([
      '<img alt="" loading="lazy" referrerpolicy="no-referrer" src="x">',
    ]);
    for (const link of container.querySelectorAll("a")) {
      expect(link.getAttribute("href")).toBe("https://example.org/docs");
    }
    expect(container.querySelectorAll("a")).toHaveLength(1);
    // Refused links and images keep their text; unknown elements are unwrapped.
    for (const text of ["Usage", "js link", "spaced link", "data link", "kept text", "bad image", "cell", "centred"]) {
      expect(container).toHaveTextContent(text);
    }
    expect(container.textContent).not.toContain("window.__pwned");
    expect(container.textContent).not.toContain("display: none");
    expect((window as unknown as { __pwned?: unknown }).__pwned).toBeUndefined();
    expect(pwned).not.toHaveBeenCalled();
  });

  it("shows the license, datasets and base model from the front matter as text", () => {
    const { container } = renderCard("<p>Body</p>", {
      license: "apache-2.0",
      datasets: ["tatsu-lab/alpaca", "<b>bold</b>"],
      baseModels: ["meta-llama/Llama-3.1-8B"],
    });
    const facts = within(container.querySelector('dl[aria-label="Card facts"]') as HTMLElement);
    expect(facts.getByText("License").nextSibling).toHaveTextContent("apache-2.0");
    expect(facts.getByText("Datasets").nextSibling).toHaveTextContent("tatsu-lab/alpaca, <b>bold</b>");
    expect(facts.getByText("Base model").nextSibling).toHaveTextContent("meta-llama/Llama-3.1-8B");
  });

  it("shows no facts list when the front matter has none of them", () => {
    renderCard("<p>Body</p>");
    expect(screen.queryByText("License")).toBeNull();
    expect(screen.getByText("Body")).toBeInTheDocument();
  });

  it("says so when the model has no card, and offers a retry when loading failed", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ModelCard card={null} error={null} onRetry={() => undefined} />);
    expect(screen.getByRole("note")).toHaveTextContent("No model card");
    rerender(<ModelCard card={undefined} error={null} onRetry={() => undefined} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading the model card");
    const onRetry = vi.fn();
    rerender(<ModelCard card={undefined} error="The server answered 500." onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The server answered 500.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe("parseCardHtml", () => {
  it("keeps only allowed elements and checked attributes", () => {
    expect(
      parseCardHtml('<p class="x" title="t">a<a href="/ns/m/resolve/main/x.md" title="T" data-x="1">b</a><u>c</u></p>'),
    ).toEqual([
      {
        tag: "p",
        attributes: {},
        children: [
          "a",
          { tag: "a", attributes: { href: "/ns/m/resolve/main/x.md", title: "T" }, children: ["b"] },
          "c",
        ],
      },
    ]);
  });

  it("flattens hostile nesting to text instead of recursing without end", () => {
    const depth = 400;
    const nodes = parseCardHtml(`${"<blockquote>".repeat(depth)}deep${"</blockquote>".repeat(depth)}`);
    expect(JSON.stringify(nodes)).toContain("deep");
  });
});
