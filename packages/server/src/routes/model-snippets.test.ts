import { getModelSnippets } from "@modelhub/snippets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { rawRequest } from "../test-utils/repo-test-app.js";
import { jsonBody, startTestApp, type TestApp } from "../test-utils/test-app.js";

const CHAT = hubModel("meta-llama/Llama-3.1-8B-Instruct", {
  library_name: "transformers",
  pipeline_tag: "text-generation",
  tags: ["transformers", "conversational"],
  config: { architectures: ["LlamaForCausalLM"], model_type: "llama" },
  transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  inferenceProviderMapping: {
    together: { providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", task: "conversational", status: "live" },
  },
});
const SILENT = { warn: () => {} };

let hub: TestApp;
beforeAll(async () => {
  hub = await startTestApp([CHAT]);
});
afterAll(() => hub.close());

async function snippets(query: string): Promise<{ status: number; body: unknown }> {
  const response = await hub.fetch(`/api/models/${CHAT.id}/snippets${query}`);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: await response.json() };
}

describe("GET /api/models/:namespace/:name/snippets", () => {
  it("answers exactly the engine's JSON for the stored record", async () => {
    const stored = await hub.store.getModel(CHAT.id);
    expect(await snippets("")).toEqual({
      status: 200,
      body: getModelSnippets(stored ?? CHAT, {}, SILENT, { hubUrl: hub.url }),
    });
  });

  it("passes the inference options through as the engine reads them", async () => {
    const query = "?provider=together&streaming=true&billTo=my-org&temperature=0.5&max_tokens=64";
    const { status, body } = await snippets(query);
    expect(status).toBe(200);
    const options = { provider: "together", streaming: "true", billTo: "my-org", temperature: "0.5", max_tokens: "64" };
    expect(body).toEqual(JSON.parse(JSON.stringify(getModelSnippets(CHAT, options, SILENT, { hubUrl: hub.url }))));
    const contents = (body as { inference: { content: string }[] }).inference.map((s) => s.content).join("\n");
    expect(contents).toContain("together");
    expect(contents).toContain("my-org");
    const direct = await snippets("?provider=together&directRequest=true");
    const directContents = (direct.body as { inference: { content: string }[] }).inference.map((s) => s.content);
    expect(directContents.join("\n")).toContain("meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo");
  });

  it("says first how to point Python clients and git at this hub, by the Host the browser used", async () => {
    const response = await hub.fetch(`/api/models/${CHAT.id}/snippets`);
    expect(response.headers.get("vary")).toMatch(/host/i);
    const { hub: setup } = (await response.json()) as { hub: { python: string; git: string } };
    expect(setup.python).toBe(`export HF_ENDPOINT='${hub.url}'`);
    expect(setup.git).toBe(`git clone '${hub.url}/${CHAT.id}'`);
    const other = await rawRequest(hub.url, "GET", `/api/models/${CHAT.id}/snippets`, { host: "hub.lan:8080" });
    expect(JSON.parse(other.body.toString()).hub.python).toBe("export HF_ENDPOINT='http://hub.lan:8080'");
    const hostile = await rawRequest(hub.url, "GET", `/api/models/${CHAT.id}/snippets`, { host: "x.org/'$(id)" });
    expect(JSON.parse(hostile.body.toString()).hub.python).toBe(`export HF_ENDPOINT='${hub.url}'`);
  });

  it("names the configured public URL when there is one, whatever Host says", async () => {
    const configured = await startTestApp([CHAT], { publicUrl: "https://hub.example.org/models" });
    try {
      const response = await rawRequest(configured.url, "GET", `/api/models/${CHAT.id}/snippets`, {
        host: "evil.test",
      });
      const body = JSON.parse(response.body.toString()) as { hub: { python: string; git: string } };
      expect(body.hub.python).toBe("export HF_ENDPOINT='https://hub.example.org/models'");
      expect(body.hub.git).toBe(`git clone 'https://hub.example.org/models/${CHAT.id}'`);
      expect(response.headers.vary ?? "").not.toMatch(/host/i);
    } finally {
      await configured.close();
    }
  });

  it("answers the same options in another order from its cache with the same body", async () => {
    const a = await snippets("?provider=together&streaming=true");
    const b = await snippets("?streaming=true&provider=together");
    expect(b).toEqual(a);
  });

  it("shows a replaced record's new snippets at once", async () => {
    const before = (await snippets("")).body as { libraries: { key: string }[] };
    expect(before.libraries[0]?.key).toBe("transformers");
    const replaced = { ...CHAT, library_name: "mlx", tags: ["mlx", "conversational"] };
    const { id: _, author: __, ...body } = replaced;
    expect((await hub.admin(`/api/models/${CHAT.id}`, jsonBody("PUT", body))).status).toBe(200);
    const after = (await snippets("")).body as { libraries: { key: string }[] };
    expect(after.libraries[0]?.key).toBe("mlx");
  });

  it.each([
    ["?provider=nobody", '"provider"'],
    ["?streaming=maybe", '"streaming"'],
    ["?temperature=hot", '"temperature"'],
    ["?messages=not-json", '"messages"'],
    ["?colour=blue", '"colour"'],
    ["?billTo=acme%0D%0AX-Injected:%201", '"billTo"'],
    ["?billTo=acme%1B%5B2J", '"billTo"'],
    ["?__proto__=x", '"__proto__"'],
    ["?constructor=x", '"constructor"'],
    ["?provider=together&provider=groq", '"provider" is given more than once'],
  ])("answers %s with a 400 naming the option", async (query, message) => {
    const { status, body } = await snippets(query);
    expect(status).toBe(400);
    expect((body as { error: string }).error).toContain(message);
  });

  it("answers an unknown model with a 404 and a bad id with a 400", async () => {
    expect((await hub.fetch("/api/models/nobody/nothing/snippets")).status).toBe(404);
    expect((await hub.fetch("/api/models/a/b--c/snippets")).status).toBe(400);
  });
});
