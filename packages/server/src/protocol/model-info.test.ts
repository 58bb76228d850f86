// The JSON of a model's info is built once per record object, commit and options, and equals modelInfo's.
import { describe, expect, it } from "vitest";
import { makeSnapshot } from "../repos/snapshot.js";
import { hubModel } from "../test-utils/hub-models.js";
import { modelInfo, modelInfoBody, modelObjectId } from "./model-info.js";

const entry = (path: string, oid: string) => ({ path, oid, mode: "100644", size: 2, lfs: null });
const first = makeSnapshot("a".repeat(40), [entry("config.json", "1".repeat(40))]);
const second = makeSnapshot("b".repeat(40), [entry("config.json", "2".repeat(40)), entry("README.md", "3".repeat(40))]);

describe("modelInfoBody", () => {
  it("is modelInfo as JSON, for each commit and option set", () => {
    const model = hubModel("acme/tiny", { downloads: 5 });
    for (const snapshot of [first, second, first]) {
      for (const blobs of [false, true]) {
        for (const expand of [[], ["sha", "siblings"]]) {
          const parts = { model, snapshot, cardData: null, blobs, expand };
          expect(JSON.parse(modelInfoBody(parts).toString())).toEqual(modelInfo(parts));
        }
      }
    }
  });

  it("gives the same text for the same record object, and a new record's fields once the record is replaced", () => {
    const model = hubModel("acme/tiny", { downloads: 5 });
    const parts = { model, snapshot: first, cardData: null, blobs: false, expand: [] };
    const body = modelInfoBody(parts);
    expect(modelInfoBody({ ...parts })).toBe(body);
    const replaced = { ...model, downloads: 6 };
    expect(JSON.parse(modelInfoBody({ ...parts, model: replaced }).toString()).downloads).toBe(6);
    expect(JSON.parse(modelInfoBody(parts).toString()).downloads).toBe(5);
  });
});

describe("modelObjectId", () => {
  it("is the first 24 hex digits of the lower-cased id's SHA-256: the same for every spelling, stable across versions", () => {
    expect(modelObjectId("acme/bert")).toBe("6d1510f49fc3a05d36cf89de");
    expect(modelObjectId("ACME/Bert")).toBe("6d1510f49fc3a05d36cf89de");
    expect(modelObjectId("acme/bert-2")).toMatch(/^[0-9a-f]{24}$/);
    expect(modelObjectId("acme/bert-2")).not.toBe(modelObjectId("acme/bert"));
  });
});
