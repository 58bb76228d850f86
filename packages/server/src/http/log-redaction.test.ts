// No secret reaches a log line: query tokens are redacted by name, credential headers never logged, and the snippets
// endpoint takes its access token from a header only (issue 10: accessToken was logged and used in a cache key).
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel } from "../test-utils/hub-models.js";
import { startTestApp, type TestApp } from "../test-utils/test-app.js";
import { redactUrl } from "./log-redaction.js";

const SECRETS = ["hf_headerSecret111", "hf_querySecret222", "hf_fieldSecret333", "wrongBearer444", "cookie555"];

describe("log redaction", () => {
  let hub: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const chat = hubModel("acme/chat", { pipeline_tag: "text-generation", tags: ["conversational"] });
    hub = await startTestApp([chat], { logger: { level: "trace", stream } });
  });
  afterAll(() => hub.close());

  it("keeps every token out of the request log, whatever carries it", async () => {
    const withHeader = await hub.fetch("/api/models/acme/chat/snippets?provider=together", {
      headers: { "x-access-token": SECRETS[0] as string },
    });
    expect(withHeader.status).toBe(200);
    expect(withHeader.headers.get("cache-control")).toBe("no-store");
    expect(await withHeader.text()).not.toContain(SECRETS[0]);
    const inQuery = await hub.fetch(`/api/models/acme/chat/snippets?accessToken=${SECRETS[1]}`);
    expect(inQuery.status).toBe(400);
    expect(((await inQuery.json()) as { error: string }).error).toContain("x-access-token header");
    expect((await hub.fetch(`/api/models?access_token=${SECRETS[2]}&limit=1`)).status).toBe(400);
    const denied = await hub.fetch("/api/models", {
      method: "POST",
      headers: {
        authorization: `Bearer ${SECRETS[3]}`,
        cookie: `session=${SECRETS[4]}`,
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(denied.status).toBe(401);
    const log = lines.join("");
    expect(log).toContain("/api/models/acme/chat/snippets?accessToken=[redacted]");
    expect(log).toContain("access_token=[redacted]&limit=1");
    for (const secret of SECRETS) expect(log).not.toContain(secret);
  });

  it("never serves an answer rendered with a token from the cache, nor one without a token to a token holder", async () => {
    const replaced = async (token: string | null) => {
      const headers: Record<string, string> = token ? { "x-access-token": token } : {};
      const response = await hub.fetch("/api/models/acme/chat/snippets?provider=together", { headers });
      const body = (await response.json()) as { inferenceInfo: { token: { accessTokenReplaced: boolean } } };
      return body.inferenceInfo.token.accessTokenReplaced;
    };
    expect(await replaced("hf_first")).toBe(true);
    expect(await replaced(null)).toBe(false);
    expect(await replaced(null)).toBe(false);
    expect(await replaced("hf_second")).toBe(true);
  });
});

describe("redactUrl", () => {
  it.each([
    ["/a?accessToken=x&b=1", "/a?accessToken=[redacted]&b=1"],
    ["/a?b=1&ACCESS_TOKEN=x", "/a?b=1&ACCESS_TOKEN=[redacted]"],
    ["/a?access-token=x", "/a?access-token=[redacted]"],
    ["/a?%61ccessToken=x", "/a?%61ccessToken=[redacted]"],
    ["/x.bin?signature=abc&expires=1", "/x.bin?signature=[redacted]&expires=1"],
    ["/a?token", "/a?token=[redacted]"],
    ["/a?search=token", "/a?search=token"],
    ["/a", "/a"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
