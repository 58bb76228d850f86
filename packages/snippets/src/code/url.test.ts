import { describe, expect, it } from "vitest";
import { urlPath } from "./url.js";

describe("urlPath", () => {
  it("keeps plain provider ids as they are", () => {
    expect(urlPath("meta-llama/Llama-3.3-70B-Instruct")).toBe("meta-llama/Llama-3.3-70B-Instruct");
    expect(urlPath("fal-ai/flux/dev")).toBe("fal-ai/flux/dev");
  });

  it("encodes each segment, so no id adds a query, a fragment, a dot segment or a raw control character", () => {
    expect(urlPath("p/a b?x=1#f")).toBe("p/a%20b%3Fx%3D1%23f");
    expect(urlPath("p/../../v1/admin")).toBe("p/%2E%2E/%2E%2E/v1/admin");
    expect(urlPath("./x")).toBe("%2E/x");
    expect(urlPath("p/\x1b[2J\r\n")).toBe("p/%1B%5B2J%0D%0A");
    expect(urlPath("p/owner:version")).toBe("p/owner%3Aversion");
    expect(urlPath("p/it's(1)!*")).toBe("p/it%27s%281%29%21%2A");
  });

  it("replaces a lone surrogate instead of throwing, and keeps the other segments decodable", () => {
    const path = urlPath("p/a\ud800b/🤗");
    expect(path.split("/").map(decodeURIComponent)).toEqual(["p", "a\ufffdb", "🤗"]);
  });
});
