import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { snippetsCommand } from "./snippets.js";

const dir = mkdtempSync(join(tmpdir(), "modelhub-cli-"));
const chat = {
  id: "meta-llama/Llama-3.1-8B-Instruct",
  library_name: "transformers",
  tags: ["conversational"],
  pipeline_tag: "text-generation",
  transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  inferenceProviderMapping: {
    together: { providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", task: "conversational", status: "live" },
    "hf-inference": { providerId: "meta-llama/Llama-3.1-8B-Instruct", task: "conversational", status: "live" },
  },
};

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

/** Runs the command and captures what it writes. */
async function run(args: string[], stdin?: string) {
  let out = "";
  let err = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
  vi.spyOn(console, "warn").mockImplementation(() => {});
  if (stdin !== undefined) vi.spyOn(process, "stdin", "get").mockReturnValue(Readable.from([stdin]) as never);
  const code = await snippetsCommand(args);
  vi.restoreAllMocks();
  return { code, out, err };
}

afterEach(() => vi.restoreAllMocks());

describe("modelhub snippets", () => {
  it("prints libraries and inference snippets for a record file", async () => {
    const { code, out, err } = await run([file("chat.json", chat), "--provider", "together", "--streaming"]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.libraries[0]).toMatchObject({ key: "transformers", prettyLabel: "Transformers", filter: true });
    expect(json.libraries[0].snippets.join("\n")).toContain("max_new_tokens=40");
    expect(json.inference.length).toBeGreaterThan(0);
    expect(json.inference.every((s: { provider: string }) => s.provider === "together")).toBe(true);
    expect(json.inference.map((s: { content: string }) => s.content).join("\n")).toContain("stream");
  });

  it("reads the record from stdin with -", async () => {
    const { code, out } = await run(["-"], JSON.stringify(chat));
    expect(code).toBe(0);
    expect(JSON.parse(out).libraries[0].key).toBe("transformers");
  });

  it("documents every inference flag with the default the engine really uses", async () => {
    const help = (await run(["--help"])).out;
    for (const flag of ["--provider NAME", "--bill-to ORG", "--access-token TOKEN", "--max-tokens N", "--top-p N"])
      expect(help).toContain(flag);
    const shownDefault = /--provider NAME .*\(default: ([\w-]+)\)/.exec(help)?.[1];
    const { out } = await run([file("default.json", chat)]);
    const providers = new Set(JSON.parse(out).inference.map((s: { provider: string }) => s.provider));
    expect([...providers]).toEqual([shownDefault]);
  });

  it("refuses a CR/LF --bill-to before writing any snippet", async () => {
    const { code, out, err } = await run([file("b.json", chat), "--bill-to", "acme\r\nX-Injected: 1"]);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(/billTo .*no CR, LF/);
  });

  it("keeps a passed access token out of the output", async () => {
    const { out } = await run([file("t.json", chat), "--access-token", "hf_realSecret123"]);
    expect(out).not.toContain("hf_realSecret123");
    expect(JSON.parse(out).inferenceInfo.token.accessTokenReplaced).toBe(true);
  });

  it.each([
    [["--provider", "nope"], /provider/],
    [["--temperature", "warm"], /temperature/],
    [["--messages", "[not json"], /messages/],
    [["--bogus"], /bogus/],
  ])("rejects bad flags %j with exit 2 and nothing on stdout", async (flags, message) => {
    const { code, out, err } = await run([file("f.json", chat), ...flags]);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(message);
  });

  it.each([
    ["not json", /Invalid JSON/],
    [JSON.stringify({ id: "a/b", tags: "nope" }), /"tags"/],
    [JSON.stringify({ tags: [] }), /"id"/],
  ])("rejects a malformed record naming the field: %s", async (content, message) => {
    const { code, out, err } = await run([file("bad.json", content)]);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(message);
  });

  it("in batch mode prints one line per record and an error line for a bad one", async () => {
    const input = [
      JSON.stringify({ model: chat, options: { provider: "together" } }),
      JSON.stringify({ model: { id: 3 } }),
      "{broken",
      JSON.stringify({ model: chat }),
    ].join("\n");
    const { code, out } = await run(["--batch"], input);
    const lines = out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0].inference.length).toBeGreaterThan(0);
    expect(lines[1].error).toMatch(/"id"/);
    expect(lines[2].error).toMatch(/Invalid JSON/);
    expect(lines[3].libraries[0].key).toBe("transformers");
    expect(code).toBe(2);
  });
});

describe("modelhub snippets --local-apps", () => {
  const gguf = {
    id: "acme/Tiny-GGUF",
    pipeline_tag: "text-generation",
    tags: ["gguf", "conversational"],
    siblings: [
      { rfilename: "tiny-Q8_0.gguf", size: 800 },
      { rfilename: "tiny-Q4_K_M.gguf", size: 400 },
    ],
  };

  it("prints the local apps with the chosen quant, pointed at the given hub", async () => {
    const { code, out } = await run([
      file("gguf.json", gguf),
      "--local-apps",
      "--quant",
      "Q8_0",
      "--hub-url",
      "http://hub.test:8080",
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      quant: string;
      hubUrl: string;
      apps: Array<{ key: string; snippets: Array<{ content: string }> }>;
    };
    expect(result.quant).toBe("Q8_0");
    expect(result.hubUrl).toBe("http://hub.test:8080");
    const llama = result.apps.find((a) => a.key === "llama.cpp")?.snippets[0]?.content ?? "";
    expect(llama).toContain(
      "MODEL_ENDPOINT='http://hub.test:8080' llama-server --hf-repo 'acme/Tiny-GGUF' --hf-file 'tiny-Q8_0.gguf'",
    );
  });

  it("uses the public hub's short names by default", async () => {
    const { out } = await run([file("gguf.json", gguf), "--local-apps"]);
    const result = JSON.parse(out) as { apps: Array<{ key: string; snippets: Array<{ content: string }> }> };
    expect(result.apps.find((a) => a.key === "ollama")?.snippets[0]?.content).toBe(
      "ollama run 'hf.co/acme/Tiny-GGUF:Q4_K_M'",
    );
  });

  it("refuses a quant that is no label and a hub that is no URL, with exit 2", async () => {
    expect(await run([file("gguf.json", gguf), "--local-apps", "--quant", "nope"])).toMatchObject({
      code: 2,
      err: expect.stringContaining('"nope" is not a quant'),
    });
    expect(await run([file("gguf.json", gguf), "--local-apps", "--hub-url", "javascript:alert(1)"])).toMatchObject({
      code: 2,
      err: expect.stringContaining("--hub-url"),
    });
  });
});
