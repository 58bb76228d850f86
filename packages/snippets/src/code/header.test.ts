import { describe, expect, it } from "vitest";
import { envName, headerValue, isHeaderValue, plainWord } from "./header.js";
import { jsEnvHeaderValue, jsEnvVar, jsHeaderStr } from "./js.js";
import { pyEnvHeaderValue, pyEnvVar, pyHeaderStr } from "./python.js";
import { shEnvHeader, shHeader } from "./sh.js";

// Each of these would end the header line early (or smuggle bytes a client refuses) in some client.
const NOT_ONE_HEADER = ["acme\r\nX-Injected: 1", "acme\nX", "acme\rX", "a\x1bb", "a\vb", "a\0b", "a\tb", "a\x7f", "é"];

describe("header values in generated code", () => {
  it("accepts printable ASCII, quotes and shell metacharacters included", () => {
    for (const value of ["acme-corp", "a b", `x"'$(y)\`z\`\\`, ""]) expect(isHeaderValue(value)).toBe(true);
  });

  it.each(NOT_ONE_HEADER)("refuses %j in every language", (value) => {
    expect(isHeaderValue(value)).toBe(false);
    expect(() => headerValue(value)).toThrow(/printable ASCII/);
    expect(() => shHeader("X-HF-Bill-To", value)).toThrow(RangeError);
    expect(() => pyHeaderStr(value)).toThrow(RangeError);
    expect(() => jsHeaderStr(value)).toThrow(RangeError);
  });

  it("refuses a header name that is not a token", () => {
    expect(shHeader("X-HF-Bill-To", "acme")).toBe("-H 'X-HF-Bill-To: acme'");
    expect(() => shHeader("X\r\nY", "acme")).toThrow(/header name/);
  });
});

describe("credential variables in generated code", () => {
  it("writes a plain variable name the same way in every language", () => {
    expect(shEnvHeader("Authorization", "Bearer", "HF_TOKEN")).toBe('-H "Authorization: Bearer $HF_TOKEN"');
    expect(pyEnvVar("HF_TOKEN")).toBe('os.environ["HF_TOKEN"]');
    expect(pyEnvHeaderValue("Key", "FAL_AI_API_KEY")).toBe("f\"Key {os.environ['FAL_AI_API_KEY']}\"");
    expect(jsEnvVar("HF_TOKEN")).toBe("process.env.HF_TOKEN");
    expect(jsEnvHeaderValue("Bearer", "HF_TOKEN")).toBe("`Bearer ${process.env.HF_TOKEN}`");
  });

  it.each(["HF_TOKEN\nrm", "A-B", "$(x)", "X}", "1X", ""])("refuses the variable name %j", (name) => {
    expect(() => envName(name)).toThrow(RangeError);
    expect(() => shEnvHeader("Authorization", "Bearer", name)).toThrow(RangeError);
    expect(() => pyEnvVar(name)).toThrow(RangeError);
    expect(() => pyEnvHeaderValue("Bearer", name)).toThrow(RangeError);
    expect(() => jsEnvVar(name)).toThrow(RangeError);
  });

  it("refuses an Authorization scheme that is not a plain word", () => {
    for (const scheme of ['Bearer"', "Bearer $X", "Be`x`", "B\r\n"]) {
      expect(() => plainWord(scheme)).toThrow(RangeError);
      expect(() => jsEnvHeaderValue(scheme, "HF_TOKEN")).toThrow(RangeError);
      expect(() => pyEnvHeaderValue(scheme, "HF_TOKEN")).toThrow(RangeError);
      expect(() => shEnvHeader("Authorization", scheme, "HF_TOKEN")).toThrow(RangeError);
    }
  });
});
