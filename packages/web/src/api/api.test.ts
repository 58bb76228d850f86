import { describe, expect, it, vi } from "vitest";
import { mockApi, requestedUrls } from "../test/mock-api";
import { ApiError } from "./api-error";
import { getFilterLibraries } from "./catalog";
import { nextCursor } from "./link-header";
import { apiModelPath, modelIdFromPath, modelPath } from "./model-path";
import { getModel } from "./models";
import { getSnippets } from "./snippets";

describe("nextCursor", () => {
  it("reads the cursor of the next link among others", () => {
    expect(nextCursor('</api/models?cursor=a%2Bb&limit=30>; rel="next"')).toBe("a+b");
    expect(
      nextCursor(
        '<https://hub.example/api/models?cursor=p1>; rel="prev", <https://hub.example/api/models?cursor=n2>; rel=next',
      ),
    ).toBe("n2");
    expect(nextCursor('</api/models?cursor=p1>; rel="prev"')).toBeNull();
    expect(nextCursor(null)).toBeNull();
  });
});

describe("model paths", () => {
  it("encodes each segment", () => {
    expect(modelPath("org/My Model")).toBe("/org/My%20Model");
    expect(apiModelPath("org/a?b#c")).toBe("/api/models/org/a%3Fb%23c");
  });
});

describe("API client", () => {
  it("throws the server's error message with the status", async () => {
    mockApi({ "/api/models/a/b": { status: 404, body: { error: "Model a/b not found." } } });
    const error = await getModel("a/b").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: "Model a/b not found." });
  });

  it("reads a model record, dropping fields of the wrong type", async () => {
    mockApi({
      "/api/models/a/b": {
        body: {
          id: "a/b",
          tags: ["x", 3, { y: 1 }],
          downloads: "many",
          inferenceProviderMapping: { together: { providerId: "p", task: "t", status: "live" } },
          siblings: [{ rfilename: "README.md" }, "junk"],
        },
      },
    });
    expect(await getModel("a/b")).toEqual({
      id: "a/b",
      author: null,
      library_name: null,
      pipeline_tag: null,
      tags: ["x"],
      downloads: 0,
      likes: 0,
      lastModified: null,
      inferenceProviderMapping: { together: { providerId: "p", task: "t", status: "live" } },
      hasCard: true,
    });
  });

  it("sends only the set inference options and reads the engine's result", async () => {
    const fetchMock = mockApi({
      "/api/models/a/b/snippets": {
        body: {
          libraries: [
            {
              key: "peft",
              prettyLabel: "PEFT",
              repoName: "peft",
              repoUrl: "https://x",
              snippets: ["s"],
              languages: ["sh"],
              filter: true,
            },
          ],
          inference: [],
          inferenceInfo: {
            reason: { code: "no-task", message: "No task." },
            chat: true,
            token: { variable: "API_TOKEN", accessTokenReplaced: false },
          },
          hub: { endpoint: "http://h", python: "export HF_ENDPOINT='http://h'", cloneUrl: "http://h/a/b", git: "g" },
        },
      },
    });
    const result = await getSnippets("a/b", {
      provider: "together",
      streaming: false,
      billTo: "",
      directRequest: true,
    });
    expect(Object.fromEntries(requestedUrls(fetchMock)[0]?.searchParams ?? [])).toEqual({
      provider: "together",
      directRequest: "true",
    });
    expect(result.libraries[0]).toMatchObject({ key: "peft", docsUrl: null, languages: ["sh"], countDownloads: null });
    expect(result.inferenceInfo).toEqual({
      reason: { code: "no-task", message: "No task." },
      chat: true,
      token: { variable: "API_TOKEN", accessTokenReplaced: false },
    });
    expect(result.hub).toEqual({
      endpoint: "http://h",
      python: "export HF_ENDPOINT='http://h'",
      cloneUrl: "http://h/a/b",
      git: "g",
    });
  });

  it("reads the filter libraries as a list or as a keyed table, most used first", async () => {
    mockApi({
      "/api/libraries": {
        body: { keras: { prettyLabel: "Keras", count: 1 }, timm: { prettyLabel: "timm", count: 5 } },
      },
    });
    expect(await getFilterLibraries()).toEqual([
      { key: "timm", prettyLabel: "timm", count: 5 },
      { key: "keras", prettyLabel: "Keras", count: 1 },
    ]);
    mockApi({ "/api/libraries": { body: [{ key: "timm", prettyLabel: "timm", count: 2 }] } });
    expect(await getFilterLibraries()).toEqual([{ key: "timm", prettyLabel: "timm", count: 2 }]);
  });

  it("turns a network failure into an ApiError with status 0", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("fetch failed")));
    await expect(getModel("a/b")).rejects.toMatchObject({ status: 0, message: "The server could not be reached." });
  });
});

describe("modelIdFromPath", () => {
  it.each(["org/model", 'demo/"><img src=x onerror=alert(1)>', "a%b/c?d#e=f&g", "ns/ünï cødé"])(
    "inverts modelPath for %s",
    (id) => {
      expect(modelIdFromPath(modelPath(id))).toBe(id);
    },
  );

  it("rejects paths that are not a model page", () => {
    expect(modelIdFromPath("/models")).toBeNull();
    expect(modelIdFromPath("/a/b/c")).toBeNull();
    expect(modelIdFromPath("/a/")).toBeNull();
    expect(modelIdFromPath("/a/%E0%A4%A")).toBeNull();
  });
});
