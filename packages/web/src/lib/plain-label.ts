// Labels from the registry may hold emoji ("🤗/transformers"). Where no emoji font is installed they render as a box,
// so the page shows them as words: 🤗 is the Hugging Face organisation, whose repository the label names.

const NAMED_EMOJI: Readonly<Record<string, string>> = { "🤗": "huggingface" };

/** `text` with known emoji spelled out and any other pictograph removed. */
export function plainLabel(text: string): string {
  let out = text;
  for (const [emoji, word] of Object.entries(NAMED_EMOJI)) out = out.split(emoji).join(word);
  return out
    .replace(/\p{Extended_Pictographic}\uFE0F?/gu, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}
