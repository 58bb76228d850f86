import { describe, expect, it } from "vitest";
import { parseToken, tokenEnv, tokenValue } from "./tokens.js";

describe("run credentials", () => {
  it("give every placeholder variable of a run its own value, HF tokens with the hf_ prefix the clients route on", () => {
    const env = tokenEnv(7);
    expect(env.HF_TOKEN).toBe("hf_snippetrun7xHF_TOKEN");
    expect(env.FAL_AI_API_KEY).toBe("snippetrun7xFAL_AI_API_KEY");
    expect(env.API_TOKEN).toBe("snippetrun7xAPI_TOKEN");
    expect(new Set(Object.values(env)).size).toBe(Object.keys(env).length);
  });

  it("name the run and the variable a token came from, and nothing for other values", () => {
    expect(parseToken(tokenValue("TOGETHER_API_KEY", 42))).toEqual({ run: 42, variable: "TOGETHER_API_KEY" });
    expect(parseToken("hf_snippetrun42xTOGETHER_API_KEY")).toBeNull();
    expect(parseToken("snippetrun42xNOT_A_VARIABLE")).toBeNull();
    expect(parseToken("hf_realtoken")).toBeNull();
  });
});
