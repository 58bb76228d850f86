import { describe, expect, it } from "vitest";
import { cardPlainText, cardWords, MAX_CARD_TEXT_BYTES, MAX_WORD_CHARS, searchWords } from "./card-words.js";

const CARD = `---
license: apache-2.0
tags: [frontmattertag]
---
# Zephyr **Tiny**

A [small model](https://example.com/hiddenurl) for *chat*. ![diagram alt](img/architecture.png)

| Metric | Score |
| ------ | ----- |
| MMLU   | 61.2  |

\`\`\`python
from transformers import AutoModelForCausalLM
\`\`\`

Use \`pipeline()\` <b>inline-html</b>.
`;

describe("cardPlainText", () => {
  it("keeps what a reader sees: headings, prose, link text, alt text, table cells and code", () => {
    const text = cardPlainText(CARD);
    for (const seen of [
      "Zephyr",
      "Tiny",
      "small model",
      "chat",
      "diagram alt",
      "MMLU",
      "61.2",
      "AutoModelForCausalLM",
    ]) {
      expect(text).toContain(seen);
    }
    expect(text).toContain("pipeline()");
  });

  it("drops the front matter, markup and link targets", () => {
    const text = cardPlainText(CARD);
    for (const hidden of ["apache-2.0", "frontmattertag", "hiddenurl", "architecture.png", "**", "| ---", "```"]) {
      expect(text).not.toContain(hidden);
    }
  });

  it("reads the prose of a card whose front matter is never closed", () => {
    expect(cardPlainText("---\nlicense: mit\n# Title\n\nprose here")).toContain("prose here");
  });

  it(`stops at ${MAX_CARD_TEXT_BYTES} bytes of text`, () => {
    const paragraph = `${"word ".repeat(200)}\n\n`;
    const text = cardPlainText(`# Long\n\n${paragraph.repeat(400)}final-sentinel`);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_CARD_TEXT_BYTES);
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_CARD_TEXT_BYTES - 2_000);
    expect(text).not.toContain("final-sentinel");
  });
});

describe("searchWords", () => {
  it("folds case and accents and cuts at every non-letter, non-digit", () => {
    expect(searchWords("Qwen2.5-7B Café_au-LAIT naïve")).toEqual(["qwen2", "5", "7b", "cafe", "au", "lait", "naive"]);
  });

  it("keeps each word once, in order of first appearance, and letters of every script", () => {
    expect(searchWords("b a B Модель модель 模型")).toEqual(["b", "a", "модель", "模型"]);
  });

  it("gives no word for punctuation, control characters or an empty string", () => {
    expect(searchWords("")).toEqual([]);
    expect(searchWords("_%. -\t\u0001")).toEqual([]);
  });

  it(`drops runs longer than ${MAX_WORD_CHARS} characters (hashes, encoded blobs)`, () => {
    expect(searchWords(`short ${"a".repeat(MAX_WORD_CHARS + 1)} ${"b".repeat(MAX_WORD_CHARS)}`)).toEqual([
      "short",
      "b".repeat(MAX_WORD_CHARS),
    ]);
  });
});

describe("cardWords", () => {
  it("stores the distinct words of the card's text, joined by single spaces", () => {
    const words = cardWords(CARD).split(" ");
    expect(words.slice(0, 4)).toEqual(["zephyr", "tiny", "a", "small"]);
    expect(words).toContain("automodelforcausallm");
    expect(words).not.toContain("apache");
    expect(new Set(words).size).toBe(words.length);
    expect(words.every((w) => /^[\p{L}\p{N}]+$/u.test(w))).toBe(true);
  });

  it("is empty for a card with no prose", () => {
    expect(cardWords("---\nlicense: mit\n---\n")).toBe("");
  });
});
