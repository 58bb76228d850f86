// The values a crafted link or model record controls reach curl exactly as given: one header, one file, one path.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlPath } from "../code/url.js";
import { INVISIBLE } from "../code/visible.js";
import type { ModelRecord } from "../model.js";
import { parseSnippets } from "../test-utils/parse-check.js";
import { buildInferenceSnippets, type InferenceSnippet } from "./build.js";
import { InferenceOptionError } from "./errors.js";
import { taskModel } from "./fixtures/cases.js";
import type { InferenceOptions } from "./options.js";
import { parseInferenceOptions } from "./parse-options.js";

const SILENT = { warn: () => {} };
const CRLF_BILL_TO = "acme\r\nX-Injected: 1";
/** Printable, so allowed: quotes and shell syntax must still arrive as one literal header value. */
const HOSTILE_BILL_TO = `acme'"$(echo PWNED)\`id\` \\ ; X-Injected: 1`;
/** A file name a user may well have: ESC (a terminal colour), CR, VT and LF. */
const CONTROL_FILE = "clip\x1b[31m\rred\vtab\nline.flac";
const HOSTILE_PROVIDER_ID = "p/../../v1/x?y=1#f\x1b\r\n'$(echo PWNED)\ud800";
const FILE_BYTES = "RIFF-not-really-audio";

const hasCurl = spawnSync("sh", ["-c", "command -v curl"]).status === 0;
if (!hasCurl) {
  if (process.env.CI) throw new Error("curl is required under CI=1 (the escaping test runs the curl snippets)");
  console.warn("escaping.test.ts: curl not found, the curl runs are skipped");
}

interface Received {
  url: string;
  headers: string[];
  body: string;
}

let server: ReturnType<typeof createServer>;
let port = 0;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ url: req.url ?? "", headers: req.rawHeaders, body: Buffer.concat(chunks).toString("utf8") });
      res.setHeader("content-type", "application/json");
      res.setHeader("connection", "close");
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Runs one curl snippet with the real curl, its https:// URLs sent to the local server instead. */
async function runCurl(snippet: string, files: Record<string, string> = {}): Promise<Received[]> {
  const dir = mkdtempSync(join(tmpdir(), "modelhub-escaping-"));
  const redirect = `curl() {
  local args=() a
  for a in "$@"; do
    case "$a" in https://*) a="http://127.0.0.1:${port}/\${a#https://*/}" ;; esac
    args+=("$a")
  done
  command curl --silent --show-error --max-time 10 "\${args[@]}"
}
`;
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    received.length = 0;
    await new Promise<void>((resolve, reject) => {
      execFile("bash", ["-c", redirect + snippet], { cwd: dir, timeout: 20_000 }, (error, _out, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(),
      );
    });
    return [...received];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function snippetsOf(model: ModelRecord, options: InferenceOptions): InferenceSnippet[] {
  return buildInferenceSnippets(model, options, SILENT).snippets;
}

function curlOf(snippets: InferenceSnippet[]): string {
  const sh = snippets.find((s) => s.language === "sh");
  if (!sh) throw new Error("no curl snippet");
  return sh.content;
}

function headerValues(headers: string[], name: string): string[] {
  return headers.filter((_, i) => i % 2 === 1 && headers[i - 1]?.toLowerCase() === name.toLowerCase());
}

const ASR = taskModel("automatic-speech-recognition");
const IMAGE_TO_IMAGE = taskModel("image-to-image");

describe("billTo is one header or nothing", () => {
  it("a CR/LF billTo is refused at the option parser, naming the option", () => {
    let error: unknown;
    try {
      parseInferenceOptions({ billTo: CRLF_BILL_TO }, SILENT);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InferenceOptionError);
    expect((error as InferenceOptionError).option).toBe("billTo");
    expect((error as Error).message).toMatch(/no CR, LF or other control characters/);
  });

  it("a CR/LF billTo given straight to the engine is refused by the code modules, in every language", () => {
    expect(() => snippetsOf(ASR, { billTo: CRLF_BILL_TO })).toThrow(RangeError);
    expect(() => snippetsOf(taskModel("text-to-image"), { billTo: "a\x1bb", provider: "fal-ai" })).toThrow(RangeError);
  });

  it.skipIf(!hasCurl)("curl receives a hostile but printable billTo as exactly one header, unchanged", async () => {
    const requests = await runCurl(curlOf(snippetsOf(ASR, { billTo: HOSTILE_BILL_TO })), {
      "sample1.flac": FILE_BYTES,
    });
    expect(requests).toHaveLength(1);
    expect(headerValues(requests[0]?.headers ?? [], "X-HF-Bill-To")).toEqual([HOSTILE_BILL_TO]);
    expect(headerValues(requests[0]?.headers ?? [], "X-Injected")).toEqual([]);
  });
});

describe("a file name with control characters", () => {
  const raw = snippetsOf(ASR, { inputs: CONTROL_FILE });
  const json = snippetsOf(IMAGE_TO_IMAGE, { provider: "fal-ai", inputs: { image: CONTROL_FILE, text: "t" } });

  it("leaves every snippet parseable", () => {
    const all = [...raw, ...json];
    const results = parseSnippets(all.map((s) => ({ language: s.language, code: s.content })));
    expect(results.map((r) => r.error)).toEqual(all.map(() => null));
  });

  it("shows its control characters as escapes in the curl snippet (LF stays a line break)", () => {
    for (const snippet of [curlOf(raw), curlOf(json)]) {
      expect(snippet.replace(/\n/g, "")).not.toMatch(INVISIBLE);
      expect(snippet).toContain("$'\\x1b'");
    }
  });

  it.skipIf(!hasCurl)("curl uploads that very file, as raw bytes and inside a JSON body", async () => {
    const [upload] = await runCurl(curlOf(raw), { [CONTROL_FILE]: FILE_BYTES });
    expect(upload?.body).toBe(FILE_BYTES);
    const [post] = await runCurl(curlOf(json), { [CONTROL_FILE]: FILE_BYTES });
    const sent = JSON.parse(post?.body ?? "null") as { image_url: string };
    expect(sent.image_url).toBe(`data:image/jpeg;base64,${Buffer.from(FILE_BYTES).toString("base64")}`);
  });
});

describe("a hostile providerId", () => {
  const model: ModelRecord = {
    ...ASR,
    inferenceProviderMapping: {
      "hf-inference": { providerId: HOSTILE_PROVIDER_ID, task: "automatic-speech-recognition", status: "live" },
    },
  };
  const snippets = snippetsOf(model, {});

  it("leaves every snippet parseable", () => {
    const results = parseSnippets(snippets.map((s) => ({ language: s.language, code: s.content })));
    expect(results.map((r) => r.error)).toEqual(snippets.map(() => null));
  });

  it("is one encoded stretch of the URL path", () => {
    expect(curlOf(snippets)).toContain(`/models/${urlPath(HOSTILE_PROVIDER_ID)}'`);
  });

  it.skipIf(!hasCurl)(
    "curl requests the path it names, with no query, fragment or climb out of the route",
    async () => {
      const [request] = await runCurl(curlOf(snippets), { "sample1.flac": FILE_BYTES });
      const url = request?.url ?? "";
      expect(url).toBe(`/hf-inference/models/${urlPath(HOSTILE_PROVIDER_ID)}`);
      const segments = url.slice("/hf-inference/models/".length).split("/").map(decodeURIComponent);
      expect(segments.join("/")).toBe(HOSTILE_PROVIDER_ID.replace("\ud800", "\ufffd"));
    },
  );
});
