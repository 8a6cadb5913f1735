import { describe, expect, it } from "vitest";
import { generateSecretToken, secretTokenMatches } from "./secret-token.ts";

describe("secret tokens", () => {
  it("are 32 URL-safe characters, different every time", () => {
    const a = generateSecretToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generateSecretToken()).not.toBe(a);
  });

  it("match only the stored token, and nothing when none is stored", () => {
    const token = generateSecretToken();
    expect(secretTokenMatches(token, token)).toBe(true);
    expect(secretTokenMatches(token, `${token}x`)).toBe(false);
    expect(secretTokenMatches(token, undefined)).toBe(false);
    expect(secretTokenMatches(null, "\u0000none")).toBe(false);
    expect(secretTokenMatches(null, undefined)).toBe(false);
    expect(secretTokenMatches("", "")).toBe(false);
  });
});
