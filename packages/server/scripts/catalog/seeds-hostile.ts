// One model whose metadata attacks every place it is shown: the web's and the snippets' safety tests load it.
import type { Seed } from "./seed.js";

/** Strings that must stay inert wherever they appear: HTML, URLs, shells, Python, SQL. */
export const HOSTILE_STRINGS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
] as const;

/** The hostile-metadata model. */
export const HOSTILE_SEEDS: Seed[] = [
  {
    id: "demo/hostile-metadata",
    library: "transformers",
    task: "text-generation",
    tags: ["conversational", ...HOSTILE_STRINGS, "'; DROP TABLE models; --", "$(touch /tmp/pwned)", "`id`"],
    config: { architectures: [HOSTILE_STRINGS[1]], model_type: "llama" },
    transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
    widget: [
      { text: HOSTILE_STRINGS[0] },
      { text: HOSTILE_STRINGS[1] },
      { text: `${HOSTILE_STRINGS[2]}\n'''\nimport os; os.system("id") # \\" $(id) \`id\`` },
    ],
    providers: { together: `"; rm -rf ~ #${HOSTILE_STRINGS[0]}` },
    files: ["config.json", `${HOSTILE_STRINGS[1]}.safetensors`],
    pop: 1,
    license: "javascript:alert(1)",
  },
];
