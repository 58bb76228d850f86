import { describe, expect, it } from "vitest";
import { parseRouteTree } from "./route-table.js";

describe("parseRouteTree", () => {
  it("joins each segment to its parents and splits the methods", () => {
    const tree = [
      "├── /api/models (GET, HEAD, POST)",
      "│   └── /:namespace/:name (GET, DELETE)",
      "│       ├── /files (GET)",
      "│       │   └── * (PUT)",
      "│       └── /card (GET)",
      "└── /api/tags (GET)",
    ].join("\n");
    expect(parseRouteTree(tree)).toEqual([
      { method: "GET", url: "/api/models" },
      { method: "HEAD", url: "/api/models" },
      { method: "POST", url: "/api/models" },
      { method: "GET", url: "/api/models/:namespace/:name" },
      { method: "DELETE", url: "/api/models/:namespace/:name" },
      { method: "GET", url: "/api/models/:namespace/:name/files" },
      { method: "PUT", url: "/api/models/:namespace/:name/files/*" },
      { method: "GET", url: "/api/models/:namespace/:name/card" },
      { method: "GET", url: "/api/tags" },
    ]);
  });
});
