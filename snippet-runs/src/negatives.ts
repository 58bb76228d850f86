// Faults planted in real snippets, to prove the stand-in and the output checks catch them: each mutated snippet
// must fail. A mutation that finds no snippet to change, or a mutant that passes, fails the harness.
import type { Case } from "./cases.js";

/** One planted fault. */
export interface Negative {
  /** What is wrong. */
  name: string;
  /** Picks the snippet to break. */
  pick(c: Case): boolean;
  /** Breaks it (returns the snippet unchanged when it cannot). */
  mutate(code: string): string;
}

/** The four faults the issue names. */
export const NEGATIVES: readonly Negative[] = [
  {
    name: "the token read from the wrong variable (HF_TOKEN for a direct call to a provider)",
    pick: (c) => c.client === "curl" && c.options.directRequest === true && /\$[A-Z_]+_API_KEY/.test(c.content),
    mutate: (code) => code.replace(/\$[A-Z_]+_API_KEY/g, "$HF_TOKEN"),
  },
  {
    name: "a JSON body sent as audio/flac",
    pick: (c) => c.client === "requests" && c.task === "text-classification" && c.options.provider === "hf-inference",
    mutate: (code) => code.replace('"Content-Type": "application/json"', '"Content-Type": "audio/flac"'),
  },
  {
    name: "a stream reader that drops the last delta",
    pick: (c) => c.client === "requests" && c.task === "conversational" && c.options.streaming === true,
    mutate: (code) =>
      code
        .replace("for line in response.iter_lines():", "deltas = []\nfor line in response.iter_lines():")
        .replace(
          'print(chunk["choices"][0]["delta"].get("content") or "", end="", flush=True)',
          'deltas.append(chunk["choices"][0]["delta"].get("content") or "")',
        )
        .replace(/print\(\)$/, 'print("".join([delta for delta in deltas if delta][:-1]))'),
  },
  {
    name: "the bill-to header left out",
    pick: (c) => c.client === "fetch" && c.content.includes('"X-HF-Bill-To"'),
    mutate: (code) => code.replace(/\n\s*"X-HF-Bill-To": "[^"]*",/, ""),
  },
];
