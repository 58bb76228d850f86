import { describe, expect, it } from "vitest";
import { answerFileRequest, fileEtag } from "./file-response.js";

const blob = { sha256: "a".repeat(64), size: 1000 };
const etag = fileEtag(blob.sha256);

describe("answerFileRequest", () => {
  it("serves the whole file with its length, ETag and range support", () => {
    const answer = answerFileRequest("model.safetensors", blob, {});
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("whole");
    expect(answer.headers).toMatchObject({
      "content-length": "1000",
      etag: `"${"a".repeat(64)}"`,
      "accept-ranges": "bytes",
      "content-type": "application/octet-stream",
      "content-disposition": "attachment; filename=\"model.safetensors\"; filename*=UTF-8''model.safetensors",
      "x-content-type-options": "nosniff",
    });
    expect(answer.headers["content-security-policy"]).toContain("sandbox");
  });

  it("serves a range as 206 with Content-Range", () => {
    const answer = answerFileRequest("model.bin", blob, { range: "bytes=100-199" });
    expect(answer).toMatchObject({ status: 206, body: { start: 100, end: 199 } });
    expect(answer.headers).toMatchObject({ "content-range": "bytes 100-199/1000", "content-length": "100" });
  });

  it("answers an unsatisfiable range with 416 and the real length", () => {
    const answer = answerFileRequest("model.bin", blob, { range: "bytes=1000-" });
    expect(answer).toMatchObject({ status: 416, body: null });
    expect(answer.headers).toMatchObject({ "content-range": "bytes */1000", "content-length": "0" });
  });

  it("answers 304 when If-None-Match names the ETag, weakly or among others, or is *", () => {
    for (const ifNoneMatch of [etag, `W/${etag}`, `"x", ${etag}`, "*"]) {
      const answer = answerFileRequest("model.bin", blob, { ifNoneMatch, range: "bytes=0-1" });
      expect(answer, ifNoneMatch).toMatchObject({ status: 304, body: null });
      expect(answer.headers.etag).toBe(etag);
      expect(answer.headers["content-length"]).toBeUndefined();
    }
  });

  it("serves the file when If-None-Match names another version", () => {
    expect(answerFileRequest("model.bin", blob, { ifNoneMatch: '"old"' }).status).toBe(200);
  });

  it("ignores Range when If-Range names another version", () => {
    expect(answerFileRequest("model.bin", blob, { range: "bytes=0-9", ifRange: '"old"' }).status).toBe(200);
    expect(answerFileRequest("model.bin", blob, { range: "bytes=0-9", ifRange: etag }).status).toBe(206);
  });

  it("lets the browser show images and text, never HTML", () => {
    expect(answerFileRequest("plot.png", blob, {}).headers["content-disposition"]).toMatch(/^inline;/);
    expect(answerFileRequest("index.html", blob, {}).headers).toMatchObject({
      "content-type": "application/octet-stream",
      "content-disposition": expect.stringMatching(/^attachment;/),
    });
  });
});
