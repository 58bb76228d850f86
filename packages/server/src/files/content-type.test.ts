import { describe, expect, it } from "vitest";
import { contentDisposition, servedType } from "./content-type.js";

describe("servedType", () => {
  it.each([
    ["README.md", "text/plain; charset=utf-8", true],
    ["config.json", "application/json; charset=utf-8", true],
    ["images/Plot.PNG", "image/png", true],
    ["model.safetensors", "application/octet-stream", false],
    ["index.html", "application/octet-stream", false],
    ["logo.svg", "application/octet-stream", false],
    ["app.js", "application/octet-stream", false],
    ["Makefile", "application/octet-stream", false],
    [".json", "application/octet-stream", false],
    ["constructor", "application/octet-stream", false],
    ["x.toString", "application/octet-stream", false],
  ])("%s is served as %s", (path, type, inline) => {
    expect(servedType(path)).toEqual({ type, inline });
  });
});

describe("contentDisposition", () => {
  it("names the file's base name", () => {
    expect(contentDisposition("onnx/model.onnx", false)).toBe(
      "attachment; filename=\"model.onnx\"; filename*=UTF-8''model.onnx",
    );
  });

  it("keeps quotes and non-ASCII out of the plain name and spells them exactly in the encoded one", () => {
    expect(contentDisposition('a "b" ü.txt', true)).toBe(
      "inline; filename=\"a _b_ _.txt\"; filename*=UTF-8''a%20%22b%22%20%C3%BC.txt",
    );
    expect(contentDisposition("it's (1)*.bin", false)).toBe(
      "attachment; filename=\"it's (1)*.bin\"; filename*=UTF-8''it%27s%20%281%29%2A.bin",
    );
  });
});
