// Where a request naming a moved model's old id is sent: the same route and query on the new id.
import { describe, expect, it } from "vitest";
import { movedUrl } from "./model-redirects.js";

describe("movedUrl", () => {
  it.each([
    ["/api/models/a/old", "/api/models/:namespace/:name", "old", "b/new", "/api/models/b/new"],
    [
      "/api/models/a/old/tree/main/sub?recursive=1",
      "/api/models/:namespace/:name/tree/:revision/*",
      "old",
      "b/new",
      "/api/models/b/new/tree/main/sub?recursive=1",
    ],
    ["/a/old/resolve/main/x.bin", "/:namespace/:name/resolve/:revision/*", "old", "b/new", "/b/new/resolve/main/x.bin"],
    [
      "/a/old.git/info/refs?service=git-upload-pack",
      "/:namespace/:name/info/refs",
      "old",
      "b/new",
      "/b/new.git/info/refs?service=git-upload-pack",
    ],
    ["/A/Old/raw/main/f", "/:namespace/:name/raw/:revision/*", "Old", "a/old-2", "/a/old-2/raw/main/f"],
  ])("%s → %s", (url, pattern, name, to, expected) => {
    expect(movedUrl(url, pattern, name, to)).toBe(expected);
  });

  it("names no model when the route has none", () => {
    expect(movedUrl("/api/models", "/api/models", "x", "b/new")).toBeNull();
  });
});
