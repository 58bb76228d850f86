import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./password.js";

describe("passwords", () => {
  it("verifies the password it hashed and nothing else", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("refuses malformed stored hashes instead of throwing", async () => {
    expect(await verifyPassword("whatever1", "plain")).toBe(false);
    expect(await verifyPassword("whatever1", "scrypt$1$2$3")).toBe(false);
  });

  it("names short and huge passwords", () => {
    expect(passwordProblem("short")).toBe("must be at least 8 characters");
    expect(passwordProblem("x".repeat(2000))).toBe("must be at most 1024 characters");
    expect(passwordProblem("long enough")).toBeNull();
  });
});
