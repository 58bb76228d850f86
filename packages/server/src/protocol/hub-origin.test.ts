import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../test-utils/repo-test-app.js";
import { displayedHubOrigin, hubOrigin, isPlainHost } from "./hub-origin.js";

describe("hub origin", () => {
  let app: FastifyInstance;
  let url: string;
  let publicUrl: string | null = null;
  beforeAll(async () => {
    app = Fastify();
    app.get("/origin", async (request) => ({
      link: hubOrigin(request, publicUrl),
      shown: displayedHubOrigin(request, publicUrl),
    }));
    url = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => app.close());

  const ask = async (host: string) => JSON.parse((await rawRequest(url, "GET", "/origin", { host })).body.toString());

  it("links to the address the connection reached, whatever Host says; shows a plain Host", async () => {
    expect(await ask("hub.example.org:8443")).toEqual({ link: url, shown: "http://hub.example.org:8443" });
  });

  it("never echoes a Host that is not a plain host[:port]", async () => {
    for (const host of ["evil.com/x?y", "a b", "evil.com@x", "-bad-.com"]) {
      expect(isPlainHost(host), host).toBe(false);
      expect((await ask(host)).shown, host).toBe(url);
    }
  });

  it("uses the configured public URL for both", async () => {
    publicUrl = "https://hub.example.org/mirror/";
    expect(await ask("other:1")).toEqual({
      link: "https://hub.example.org/mirror",
      shown: "https://hub.example.org/mirror",
    });
    publicUrl = null;
  });
});
