import { describe, expect, it } from "vitest";
import { modelIdProblem } from "./model-id.js";

describe("modelIdProblem", () => {
  it.each([
    "meta-llama/Llama-3.1-8B-Instruct",
    "Qwen/Qwen2.5-7B",
    "a/b",
    "user_1/model.v2_final",
    `${"n".repeat(96)}/${"m".repeat(96)}`,
    "org/model.gitx",
  ])("accepts %s", (id) => {
    expect(modelIdProblem(id)).toBeNull();
  });

  it.each([
    ["gpt2", "must have the form namespace/name"],
    ["a/b/c", "must have the form namespace/name"],
    ["/b", "namespace is empty"],
    ["a/", "name is empty"],
    [`a/${"m".repeat(97)}`, "name is longer than 96 characters"],
    [`${"n".repeat(97)}/b`, "namespace is longer than 96 characters"],
    ["a/b c", "may only hold"],
    ["a/b+c", "may only hold"],
    ["a/b\u00e9", "may only hold"],
    ["-a/b", "may not start or end"],
    ["a/b-", "may not start or end"],
    ["a/.b", "may not start or end"],
    ["a/b.", "may not start or end"],
    ["a/b--c", "'--'"],
    ["a/b..c", "'..'"],
    ["a/model.git", ".git"],
    ["a/model.GIT", ".git"],
  ])("refuses %s: %s", (id, problem) => {
    expect(modelIdProblem(id)).toContain(problem);
  });
});
