import { describe, expect, it } from "vitest";
import { idPartProblem, modelIdProblem, nameOf, namespaceOf } from "./model-id.js";

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

describe("the one-test check of valid ids", () => {
  it("agrees with the part rules on ids made of the characters that matter", () => {
    // Every id whose two parts follow the rules is valid; every other id gets a problem. Random ids over a small
    // alphabet (edges, doubles and `.git` endings come up often) are checked both ways.
    const alphabet = ["a", "Z", "9", ".", "-", "_", "/", ".git", ".GiT", "--", ".."];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + random(8);
      let id = "";
      for (let k = 0; k < length; k++) id += alphabet[random(alphabet.length)];
      if (random(50) === 0) id = `${"n".repeat(90 + random(10))}/${id}`;
      const parts = id.split("/");
      const valid = parts.length === 2 && parts.every((part) => idPartProblem(part) === null);
      expect(modelIdProblem(id) === null, id).toBe(valid);
    }
  });
});

describe("the parts of an id", () => {
  it("are the namespace before the slash and the name after it", () => {
    expect(namespaceOf("meta-llama/Llama-3.1-8B")).toBe("meta-llama");
    expect(nameOf("meta-llama/Llama-3.1-8B")).toBe("Llama-3.1-8B");
  });

  it("are the whole string, both, when it has no slash", () => {
    expect(namespaceOf("gpt2")).toBe("gpt2");
    expect(nameOf("gpt2")).toBe("gpt2");
  });
});
