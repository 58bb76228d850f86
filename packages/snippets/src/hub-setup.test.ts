import { describe, expect, it } from "vitest";
import { hubSetup, normaliseHubUrl } from "./hub-setup.js";

describe("hubSetup", () => {
  it("gives the HF_ENDPOINT line and the clone command for a self-hosted hub", () => {
    expect(hubSetup("acme/tiny-model", "http://hub.internal:8080/")).toEqual({
      endpoint: "http://hub.internal:8080",
      python: "export HF_ENDPOINT='http://hub.internal:8080'",
      cloneUrl: "http://hub.internal:8080/acme/tiny-model",
      git: "git clone 'http://hub.internal:8080/acme/tiny-model'",
    });
  });

  it("keeps a path prefix (a hub behind a reverse proxy)", () => {
    expect(hubSetup("acme/x", "https://example.com/hub/")?.git).toBe("git clone 'https://example.com/hub/acme/x'");
  });

  it("says nothing for the public hub, no URL, or something that is not an http(s) URL", () => {
    expect(hubSetup("acme/x", "https://huggingface.co")).toBeNull();
    expect(hubSetup("acme/x", "https://huggingface.co/")).toBeNull();
    expect(hubSetup("acme/x", undefined)).toBeNull();
    for (const bad of [
      "javascript:alert(1)",
      "file:///etc",
      "not a url",
      "http://u:p@host",
      "http://h/?q=1",
      "http://h/#f",
    ]) {
      expect(normaliseHubUrl(bad), bad).toBeNull();
      expect(hubSetup("acme/x", bad), bad).toBeNull();
    }
  });

  it("quotes hostile values so the line stays one shell word each", async () => {
    const setup = hubSetup("acme/it's", "http://h/p'$(rm -rf ~)`x`");
    expect(setup?.python).toBe("export HF_ENDPOINT='http://h/p'\\''$(rm%20-rf%20~)%60x%60'");
    expect(setup?.git).toBe("git clone 'http://h/p'\\''$(rm%20-rf%20~)%60x%60/acme/it%27s'");
    // What the shell makes of the quoted word is the URL itself.
    const { execFileSync } = await import("node:child_process");
    const word = (setup?.git ?? "").slice("git clone ".length);
    expect(execFileSync("sh", ["-c", `printf %s ${word}`]).toString()).toBe(setup?.cloneUrl);
  });
});
