import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../test-utils/repo-test-app.js";
import { tinyGguf } from "../test-utils/tiny-gguf.js";

interface LocalAppsJson {
  quants: Array<{ label: string; path: string; size?: number }>;
  quant: string | null;
  hubUrl: string;
  apps: Array<{ key: string; deeplink: string | null; snippets: Array<{ title: string; content: string }> }>;
}

describe("GET /api/models/{id}/local-apps and notebook.ipynb", () => {
  let hub: RepoTestApp;
  beforeAll(async () => {
    hub = await startRepoTestApp();
    const created = await hub.admin("/api/models", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id: "acme/chat-gguf",
        pipeline_tag: "text-generation",
        tags: ["gguf", "conversational"],
        inferenceProviderMapping: { together: { providerId: "acme/chat", task: "conversational", status: "live" } },
      }),
    });
    expect(created.status).toBe(201);
    for (const [file, type, tensor] of [
      ["chat-Q8_0.gguf", "Q8_0", "Q8_0"],
      ["chat-Q4_K_M.gguf", "Q4_K_M", "Q4_K"],
    ] as const) {
      const put = await hub.admin(`/api/models/acme/chat-gguf/files/${file}`, {
        method: "PUT",
        body: tinyGguf(type, tensor),
      });
      expect(put.status).toBe(201);
    }
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await hub.close();
  }, APP_HOOK_TIMEOUT_MS);

  const localApps = async (query = "") => {
    const response = await hub.fetch(`/api/models/acme/chat-gguf/local-apps${query}`);
    return { status: response.status, body: (await response.json()) as LocalAppsJson & { error?: string } };
  };
  const content = (body: LocalAppsJson, key: string) =>
    body.apps
      .find((a) => a.key === key)
      ?.snippets.map((s) => s.content)
      .join("\n") ?? "";

  it("lists the quants, picks Q4_K_M, and points the commands at this hub", async () => {
    const { status, body } = await localApps();
    expect(status).toBe(200);
    expect(body.quants.map((q) => q.label)).toEqual(["Q8_0", "Q4_K_M"]);
    expect(body.quant).toBe("Q4_K_M");
    expect(body.hubUrl).toBe(hub.url);
    expect(content(body, "llama.cpp")).toContain(`MODEL_ENDPOINT='${hub.url}' llama-server --hf-repo 'acme/chat-gguf'`);
    expect(content(body, "ollama")).toContain(`'${hub.url}/acme/chat-gguf/resolve/main/chat-Q4_K_M.gguf'`);
  });

  it("carries the chosen quant into the commands, and the download URL in them serves the file", async () => {
    const { body } = await localApps("?quant=Q8_0");
    expect(body.quant).toBe("Q8_0");
    const url = /curl -L -o '[^']+' '([^']+)'/.exec(content(body, "ollama"))?.[1] ?? "";
    expect(url).toBe(`${hub.url}/acme/chat-gguf/resolve/main/chat-Q8_0.gguf`);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe("GGUF");
  });

  it("refuses a bad quant or an unknown parameter with a 400, and an unknown model with a 404", async () => {
    expect(await localApps("?quant=banana")).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining("quant") },
    });
    expect((await localApps("?other=1")).status).toBe(400);
    expect((await localApps("?quant=Q8_0&quant=Q4_K_M")).status).toBe(400);
    expect((await hub.fetch("/api/models/acme/none/local-apps")).status).toBe(404);
  });

  it("downloads a notebook that python's json.tool accepts, with load and inference cells", async () => {
    const response = await hub.fetch("/api/models/acme/chat-gguf/notebook.ipynb");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-ipynb+json");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="chat-gguf.ipynb"');
    const text = await response.text();
    expect(spawnSync("python3", ["-m", "json.tool"], { input: text }).status).toBe(0);
    const notebook = JSON.parse(text) as { nbformat: number; cells: Array<{ source: string[] }> };
    expect(notebook.nbformat).toBe(4);
    const sources = notebook.cells.map((c) => c.source.join(""));
    expect(sources).toContain(`import os\n\nos.environ["HF_ENDPOINT"] = "${hub.url}"`);
    expect(sources.some((s) => s.includes("InferenceClient"))).toBe(true);
    expect((await hub.fetch("/api/models/acme/chat-gguf/notebook.ipynb?x=1")).status).toBe(400);
  });
});
