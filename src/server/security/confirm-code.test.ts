import { describe, expect, it } from "vitest";
import {
  CONFIRM_CODE_LENGTH,
  confirmCodeMatches,
  generateConfirmCode,
  normaliseConfirmCode,
} from "./confirm-code.ts";

describe("confirm codes", () => {
  it("are 16 Crockford base32 characters", () => {
    for (let i = 0; i < 200; i++)
      expect(generateConfirmCode()).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{16}$/);
    expect(generateConfirmCode()).toHaveLength(CONFIRM_CODE_LENGTH);
  });

  it("do not repeat", () => {
    const codes = new Set(Array.from({ length: 10_000 }, generateConfirmCode));
    expect(codes.size).toBe(10_000);
  });

  it("match however the visitor types them", () => {
    expect(normaliseConfirmCode("abcd-efgh ijkl-0o1")).toBe("ABCDEFGH1JK1001");
    expect(confirmCodeMatches("ABCD0123EFGH4567", "abcd-o123-efgh-4567")).toBe(true);
  });

  it("never match a wrong code or a missing appointment", () => {
    expect(confirmCodeMatches("ABCD0123EFGH4567", "ABCD0123EFGH4568")).toBe(false);
    expect(confirmCodeMatches(null, "ABCD0123EFGH4567")).toBe(false);
    expect(confirmCodeMatches(undefined, "\u0000no-appointment")).toBe(false);
  });
});
