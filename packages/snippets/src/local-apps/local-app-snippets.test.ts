import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSh } from "../test-utils/parse-check.js";
import { HOSTILE_MODELS, LOCAL_APP_CASES, type LocalAppCase } from "./fixtures/models.js";
import { getLocalApps, type LocalApps, LocalAppsQuantError } from "./local-app-snippets.js";
import { LOCAL_APPS } from "./registry.js";

const THIS_HUB = "https://hub.example.test:8443/";
const HUBS = { public: undefined, "this-hub": THIS_HUB } as const;
const CASES = Object.keys(LOCAL_APP_CASES) as LocalAppCase[];

function commandsOf(result: LocalApps): string[] {
  return result.apps.flatMap((app) => app.snippets.flatMap((s) => [s.setup ?? "", s.content]));
}

describe("the local apps table", () => {
  it("is sorted by key", () => {
    const keys = Object.keys(LOCAL_APPS);
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
  });

  it("has at least the thirteen apps of the issue, each with an https docs page", () => {
    for (const key of ["llama.cpp", "ollama", "lm-studio", "vllm", "sglang", "mlx-lm", "tgi", "jan"]) {
      expect(LOCAL_APPS).toHaveProperty([key]);
    }
    for (const key of ["docker-model-runner", "localai", "node-llama-cpp", "llamafile", "koboldcpp"]) {
      expect(LOCAL_APPS).toHaveProperty([key]);
    }
    for (const app of Object.values(LOCAL_APPS)) expect(new URL(app.docsUrl).protocol).toBe("https:");
  });
});

describe("which apps show", () => {
  const shown = (name: LocalAppCase, hubUrl?: string) =>
    getLocalApps(LOCAL_APP_CASES[name], hubUrl ? { hubUrl } : {}).apps.map((a) => a.key);

  it.each([
    [
      "gguf-chat",
      [
        "docker-model-runner",
        "jan",
        "koboldcpp",
        "llama.cpp",
        "llamafile",
        "lm-studio",
        "localai",
        "node-llama-cpp",
        "ollama",
        "sglang",
        "vllm",
      ],
    ],
    ["mlx", ["lm-studio", "mlx-lm"]],
    ["transformers-text-generation", ["sglang", "tgi", "vllm"]],
    ["awq", ["sglang", "tgi", "vllm"]],
    ["diffusers-text-to-image", []],
    ["no-app", []],
  ] as const)("%s on the public hub: %j", (name, apps) => {
    expect(shown(name)).toEqual(apps);
  });

  it("hides LM Studio for MLX models on this hub (its downloader knows only the public hub)", () => {
    expect(shown("mlx", THIS_HUB)).toEqual(["mlx-lm"]);
  });

  it("leaves single-file-only apps out for a split quant, and vLLM and SGLang too", () => {
    const apps = getLocalApps(LOCAL_APP_CASES["gguf-chat"], { quant: "BF16" });
    expect(apps.quant).toBe("BF16");
    expect(apps.apps.map((a) => a.key)).not.toContain("llamafile");
    expect(apps.apps.map((a) => a.key)).not.toContain("vllm");
    expect(apps.apps.map((a) => a.key)).toContain("llama.cpp");
  });
});

describe("the chosen quant", () => {
  const model = LOCAL_APP_CASES["gguf-chat"];

  it("lists the quants biggest first and picks Q4_K_M by default", () => {
    const result = getLocalApps(model);
    expect(result.quants.map((q) => q.label)).toEqual(["BF16", "Q8_0", "Q4_K_M", "IQ2_M"]);
    expect(result.quant).toBe("Q4_K_M");
  });

  it("takes the asked quant, or the nearest one for a known label the repository lacks", () => {
    expect(getLocalApps(model, { quant: "q8_0" }).quant).toBe("Q8_0");
    expect(getLocalApps(model, { quant: "Q5_K_M" }).quant).toBe("Q4_K_M");
    expect(getLocalApps(model, { quant: "IQ1_S" }).quant).toBe("IQ2_M");
  });

  it("refuses a quant that is no label", () => {
    expect(() => getLocalApps(model, { quant: "Q4_K_M'; rm -rf /" })).toThrow(LocalAppsQuantError);
    expect(() => getLocalApps(model, { quant: "banana" })).toThrow(LocalAppsQuantError);
  });

  it("carries the quant into every GGUF app's commands", () => {
    const result = getLocalApps(model, { quant: "IQ2_M" });
    for (const app of result.apps) {
      if (app.key === "jan" || app.key === "sglang") continue;
      expect([app.key, commandsOf({ ...result, apps: [app] }).join("\n")]).toEqual([
        app.key,
        expect.stringMatching(/IQ2_M|iq2_m/),
      ]);
    }
  });
});

describe("pointed at this hub", () => {
  const result = getLocalApps(LOCAL_APP_CASES["gguf-chat"], { hubUrl: THIS_HUB });
  const app = (key: string) => commandsOf({ ...result, apps: result.apps.filter((a) => a.key === key) }).join("\n");
  const resolve = "https://hub.example.test:8443/acme/Tiny-Chat-GGUF/resolve/main/Tiny-Chat-Q4_K_M.gguf";

  it("llama.cpp reads MODEL_ENDPOINT and takes the exact file", () => {
    expect(app("llama.cpp")).toContain(
      "MODEL_ENDPOINT='https://hub.example.test:8443' llama-server --hf-repo 'acme/Tiny-Chat-GGUF' --hf-file 'Tiny-Chat-Q4_K_M.gguf'",
    );
  });

  it("the Python engines read HF_ENDPOINT", () => {
    expect(app("vllm")).toContain(
      "HF_ENDPOINT='https://hub.example.test:8443' vllm serve 'acme/Tiny-Chat-GGUF:Q4_K_M'",
    );
    const transformers = getLocalApps(LOCAL_APP_CASES["transformers-text-generation"], { hubUrl: THIS_HUB });
    const text = commandsOf(transformers).join("\n");
    expect(text).toContain("-e HF_ENDPOINT='https://hub.example.test:8443'");
    expect(text).toContain("HF_ENDPOINT='https://hub.example.test:8443' python3 -m sglang.launch_server");
  });

  it("Ollama and Docker Model Runner download the file from this hub and say why", () => {
    expect(app("ollama")).toContain(`curl -L -o './Tiny-Chat-Q4_K_M.gguf' '${resolve}'`);
    expect(app("ollama")).toContain("Ollama pulls only from registries");
    expect(app("ollama")).not.toContain("hf.co/");
    expect(app("docker-model-runner")).toContain("docker model package --gguf \"$PWD\"/'Tiny-Chat-Q4_K_M.gguf'");
  });

  it("has no deeplinks to apps that would fetch from the public hub", () => {
    expect(result.apps.filter((a) => a.deeplink !== null)).toEqual([]);
  });
});

describe("golden files", () => {
  for (const name of CASES) {
    for (const [hub, hubUrl] of Object.entries(HUBS)) {
      it(`${name} (${hub})`, async () => {
        const result = getLocalApps(LOCAL_APP_CASES[name], hubUrl ? { hubUrl } : {});
        await expect(`${JSON.stringify(result, null, 2)}\n`).toMatchFileSnapshot(
          `./fixtures/golden/${name}.${hub}.json`,
        );
      });
    }
  }
});

describe("every command parses and every deeplink is a URL", () => {
  const results = [
    ...CASES.flatMap((name) => Object.values(HUBS).map((hubUrl) => getLocalApps(LOCAL_APP_CASES[name], { hubUrl }))),
    ...HOSTILE_MODELS.flatMap((model) => Object.values(HUBS).map((hubUrl) => getLocalApps(model, { hubUrl }))),
  ];

  it("passes bash -n", () => {
    const commands = results.flatMap(commandsOf).filter((c) => c !== "");
    expect(commands.length).toBeGreaterThan(100);
    for (const command of commands) expect([command, parseSh(command).error]).toEqual([command, null]);
  });

  it("gives deeplinks that parse", () => {
    const links = results.flatMap((r) => r.apps.map((a) => a.deeplink)).filter((l) => l !== null);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(() => new URL(link)).not.toThrow();
  });
});

describe("hostile ids and file names stay inert", () => {
  it("runs every command of the hostile models without running their $(…) or backticks", () => {
    const dir = mkdtempSync(join(tmpdir(), "local-apps-"));
    try {
      for (const model of HOSTILE_MODELS) {
        for (const hubUrl of Object.values(HUBS)) {
          for (const command of commandsOf(getLocalApps(model, { hubUrl }))) {
            // No program is found (PATH is empty); bash's own builtins and redirections would still run a payload.
            const script = `command_not_found_handle() { return 0; }\n${command}`;
            spawnSync("/bin/bash", ["-c", script], { cwd: dir, env: { PATH: "/nonexistent" }, timeout: 10_000 });
            expect([command, existsSync(join(dir, "PWNED"))]).toEqual([command, false]);
          }
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("can fail: the same harness sees an unquoted payload run", () => {
    const dir = mkdtempSync(join(tmpdir(), "local-apps-"));
    try {
      spawnSync("/bin/bash", ["-c", "command_not_found_handle() { return 0; }\ncurl $(echo pwned > PWNED)"], {
        cwd: dir,
        env: { PATH: "/nonexistent" },
      });
      expect(existsSync(join(dir, "PWNED"))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
