import { describe, expect, it } from "vitest";
import { mockApi } from "../test/mock-api";
import { getModelCard, getModelFiles } from "./files";

describe("getModelFiles", () => {
  it("reads the file list, dropping rows without a path and fields of the wrong type", async () => {
    mockApi({
      "/api/models/a/b/files": {
        body: [
          {
            path: "config.json",
            size: 12,
            sha256: "ab",
            updatedAt: "2025-05-01T10:00:00.000Z",
            url: "/a/b/resolve/main/config.json",
          },
          { path: "w.bin", size: "big", sha256: 3, url: null },
          { size: 1 },
        ],
      },
    });
    expect(await getModelFiles("a/b")).toEqual([
      {
        path: "config.json",
        size: 12,
        sha256: "ab",
        updatedAt: "2025-05-01T10:00:00.000Z",
        url: "/a/b/resolve/main/config.json",
      },
      { path: "w.bin", size: 0, sha256: "", updatedAt: null, url: "" },
    ]);
  });

  it("throws the server's 404 for an unknown model", async () => {
    mockApi({ "/api/models/a/b/files": { status: 404, body: { error: 'model "a/b" not found' } } });
    await expect(getModelFiles("a/b")).rejects.toMatchObject({ status: 404, message: 'model "a/b" not found' });
  });
});

describe("getModelCard", () => {
  it("reads the html and the shown front matter fields, one value or a list", async () => {
    mockApi({
      "/api/models/a/b/card": {
        body: {
          html: "<h1>T</h1>",
          frontMatter: { license: "mit", datasets: "one/set", base_model: ["x/y", 3], tags: ["t"] },
          sha256: "00",
        },
      },
    });
    expect(await getModelCard("a/b")).toEqual({
      html: "<h1>T</h1>",
      facts: { license: "mit", datasets: ["one/set"], baseModels: ["x/y"] },
    });
  });

  it("answers null for a model without a card, and throws other failures", async () => {
    mockApi({ "/api/models/a/b/card": { status: 404, body: { error: 'file "README.md" not found in model "a/b"' } } });
    expect(await getModelCard("a/b")).toBeNull();
    mockApi({ "/api/models/a/b/card": { status: 500, body: { error: "disk on fire" } } });
    await expect(getModelCard("a/b")).rejects.toMatchObject({ status: 500, message: "disk on fire" });
  });
});
