import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { HOSTILE } from "../../test/fixtures";
import { CodeBlock } from "./CodeBlock";
import { fallbackTextsIn, isFallbackText } from "./fallback-texts";

const PYTHON = 'from transformers import pipeline\n\npipe = pipeline("text-generation")  # load';

/** Replaces the browser clipboard with a mock; `fail` makes it refuse. */
function mockClipboard(fail = false) {
  const writeText = vi.fn(async (_text: string) => {
    if (fail) throw new DOMException("denied", "NotAllowedError");
  });
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  return writeText;
}

describe("CodeBlock", () => {
  it("shows the code at once and highlights it once the highlighter has loaded", async () => {
    const { container } = render(<CodeBlock code={PYTHON} language="python" title="Transformers snippet" />);
    const figure = screen.getByRole("figure", { name: "Transformers snippet" });
    expect(figure).toHaveTextContent("from transformers import pipeline", { normalizeWhitespace: false });
    await waitFor(() => expect(container.querySelector(".hljs-keyword")).not.toBeNull());
    expect(container.querySelector(".hljs-string")).toHaveTextContent('"text-generation"');
    expect(container.querySelector(".hljs-comment")).toHaveTextContent("# load");
    // Highlighting adds spans only: the text is exactly the code.
    expect(container.querySelector("code")?.textContent).toBe(PYTHON);
    expect(screen.getByText("Python")).toBeInTheDocument();
  });

  it.each([
    ["js", 'const x = await fetch("u");', "hljs-keyword"],
    ["sh", "export HF_TOKEN=x\ncurl -X POST https://example.org \\\n  -H 'a: b'", "hljs-built_in"],
  ] as const)("highlights %s", async (language, code, tokenClass) => {
    const { container } = render(<CodeBlock code={code} language={language} title="snippet" />);
    await waitFor(() => expect(container.querySelector(`.${tokenClass}`)).not.toBeNull());
    expect(container.querySelector("code")?.textContent).toBe(code);
  });

  it("copies the exact code and confirms with Copied", async () => {
    const user = userEvent.setup();
    const writeText = mockClipboard();
    render(<CodeBlock code={PYTHON} language="python" title="Transformers snippet" />);
    const button = screen.getByRole("button", { name: "Copy Transformers snippet" });
    await user.click(button);
    expect(writeText).toHaveBeenCalledWith(PYTHON);
    expect(button).toHaveTextContent("Copied");
    expect(screen.getByRole("button", { name: "Copied Transformers snippet" })).toBe(button);
  });

  it("says so when the browser refuses the copy", async () => {
    const user = userEvent.setup();
    mockClipboard(true);
    render(<CodeBlock code="x = 1" language="python" title="snippet" />);
    await user.click(screen.getByRole("button", { name: "Copy snippet" }));
    expect(screen.getByRole("button", { name: /snippet/ })).toHaveTextContent("Copy failed");
  });

  it("renders hostile code as text", async () => {
    const code = `# ${HOSTILE.script}\nprint("${HOSTILE.img}")`;
    const { container } = render(<CodeBlock code={code} language="python" title={HOSTILE.img} />);
    await waitFor(() => expect(container.querySelector(".hljs-comment")).not.toBeNull());
    expect(container.querySelector("code")?.textContent).toBe(code);
    expect(container.querySelector("script, img")).toBeNull();
  });
});

describe("isFallbackText", () => {
  it("recognises the spec's fallback texts and nothing else", () => {
    expect(isFallbackText("Task type is invalid.")).toBe(true);
    expect(isFallbackText("  Unknown pipeline tag\n")).toBe(true);
    expect(isFallbackText("# Task type is invalid.\nimport x")).toBe(false);
    expect(isFallbackText("pip install peft")).toBe(false);
  });
});

describe("fallbackTextsIn", () => {
  it("finds fallback texts in comments only", () => {
    expect(fallbackTextsIn("# interface not specified in config.json\nx = 1")).toEqual([
      "interface not specified in config.json",
    ]);
    expect(fallbackTextsIn("// Unknown pipeline tag\nconst a = 1;")).toEqual(["Unknown pipeline tag"]);
    expect(fallbackTextsIn('print("Unknown pipeline tag")')).toEqual([]);
  });
});
