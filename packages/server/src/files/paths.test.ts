import { describe, expect, it } from "vitest";
import { HubError } from "../errors.js";
import { MAX_PATH_BYTES, MAX_SEGMENT_BYTES, parseRepoPath, repoPathProblem } from "./paths.js";

describe("repoPathProblem", () => {
  it.each([
    "config.json",
    "README.md",
    "checkpoints/model.pt",
    "a/b/c/d.safetensors",
    ".gitattributes",
    "onnx/.hidden/weights.onnx",
    "model..v2.bin",
    "100%.txt",
    "a%20b.txt",
    "tokenizer (copy).json",
    "日本語/モデル.bin",
    "...",
  ])("accepts %j", (path) => {
    expect(repoPathProblem(path)).toBeNull();
    expect(parseRepoPath(path)).toBe(path);
  });

  it.each([
    ["", "is empty"],
    ["..", "'..'"],
    ["../secret", "'..'"],
    ["a/../../etc/passwd", "'..'"],
    ["a/..", "'..'"],
    ["./config.json", "'.'"],
    ["a/./b", "'.'"],
    ["/etc/passwd", "leading '/'"],
    ["C:/Windows/win.ini", "drive letter"],
    ["c:model.bin", "drive letter"],
    ["a\\b", "backslash"],
    ["..\\..\\secret", "backslash"],
    ["a\u0000b", "NUL"],
    ["a\nb", "control characters"],
    ["a\u007fb", "control characters"],
    ["a//b", "empty segments"],
    ["folder/", "empty segments"],
    ["%2e%2e/secret", "'..' segments (once percent-decoded)"],
    ["%2E%2E%2Fsecret", "once percent-decoded"],
    ["a/%2e%2e/%2e%2e/b", "once percent-decoded"],
    ["%252e%252e/secret", "once percent-decoded"],
    ["%25252e%25252e/secret", "once percent-decoded"],
    ["%2fetc%2fpasswd", "(no leading '/') (once percent-decoded)"],
    ["a%5cb", "backslash (once percent-decoded)"],
    ["a%00b", "NUL (once percent-decoded)"],
    ["a%2F%2Fb", "trailing '/') (once percent-decoded)"],
  ])("refuses %j", (path, reason) => {
    expect(repoPathProblem(path)).toContain(reason);
    expect(() => parseRepoPath(path)).toThrow(HubError);
  });

  it("measures lengths in UTF-8 bytes", () => {
    const folder = "é".repeat(MAX_SEGMENT_BYTES / 2 - 1);
    expect(repoPathProblem(`${folder}/x`)).toBeNull();
    expect(repoPathProblem(`${folder}éé/x`)).toContain("segment longer");
    const deep = Array.from({ length: Math.ceil(MAX_PATH_BYTES / 100) + 1 }, () => "a".repeat(99)).join("/");
    expect(repoPathProblem(deep)).toContain(`longer than ${MAX_PATH_BYTES} bytes`);
  });

  it("answers with a bad_request error that names the rule", () => {
    try {
      parseRepoPath("../x");
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: "bad_request",
        message: "invalid file path: may not contain '.' or '..' segments",
      });
    }
  });
});
