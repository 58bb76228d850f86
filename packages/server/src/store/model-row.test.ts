import { describe, expect, it } from "vitest";
import { completeModel } from "../models/complete-model.js";
import { fromRow, toRow } from "./model-row.js";

const model = completeModel(
  {
    id: "acme/tiny",
    library_name: "transformers",
    tags: ["text-generation", "en"],
    config: { model_type: "llama" },
    downloads: 12,
    likes: 3,
    lastModified: "2024-01-01T00:00:00.000Z",
    createdAt: "2023-01-01T00:00:00.000Z",
  },
  { now: new Date() },
);

describe("toRow", () => {
  it("puts the list fields in columns and the rest of the record in data", () => {
    const row = toRow(model);
    expect(row).toMatchObject({
      id: "acme/tiny",
      author: "acme",
      library_name: "transformers",
      pipeline_tag: null,
      tags: '["text-generation","en"]',
      downloads: 12,
      likes: 3,
      last_modified: "2024-01-01T00:00:00.000Z",
      created_at: "2023-01-01T00:00:00.000Z",
    });
    expect(JSON.parse(row.data)).toEqual({ config: { model_type: "llama" } });
  });

  it("never stores the hub's own download count, and stores visibility only when the record sets it", () => {
    expect(toRow({ ...model, downloadsAllTime: 99 }).data).not.toContain("downloadsAllTime");
    expect(toRow(model)).not.toHaveProperty("private");
    expect(toRow({ ...model, private: true })).toMatchObject({ private: 1 });
    expect(toRow({ ...model, private: false })).toMatchObject({ private: 0 });
    expect(toRow({ ...model, private: true }).data).not.toContain("private");
  });

  it("is read back as the same record", () => {
    const row = toRow(model);
    expect(fromRow({ ...row, pk: 1, private: 0, downloads_all_time: 0 } as never)).toEqual(model);
  });
});
