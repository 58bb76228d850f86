import { describe, expect, it } from "vitest";
import { flag, readPanelState, snippetOptions } from "./panel-state";

describe("panel state", () => {
  it("reads every parameter, ignoring unknown languages and non-true flags", () => {
    const state = readPanelState(
      new URLSearchParams(
        "library=peft&provider=groq&language=ruby&client=openai&streaming=1&billTo=acme&directRequest=true",
      ),
    );
    expect(state).toEqual({
      library: "peft",
      provider: "groq",
      language: null,
      client: "openai",
      streaming: false,
      billTo: "acme",
      endpointUrl: "",
      directRequest: true,
    });
  });

  it("always asks for a provider, auto when none is chosen", () => {
    expect(snippetOptions(readPanelState(new URLSearchParams()))).toEqual({
      provider: "auto",
      streaming: false,
      billTo: "",
      endpointUrl: "",
      directRequest: false,
    });
    expect(flag(true)).toBe("true");
    expect(flag(false)).toBeNull();
  });
});
