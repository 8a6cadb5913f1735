import { describe, expect, it } from "vitest";
import { bearerFrom, confirmCodeFrom } from "./echo-auth.ts";

describe("reading Echo's auth option", () => {
  it("finds the confirm code for an appointment in each accepted place, most specific first", () => {
    expect(confirmCodeFrom({ confirm_codes: { "5": "A" }, confirm_code: "B" }, 5)).toBe("A");
    expect(confirmCodeFrom({ confirm_codes: { "6": "A" }, confirm_code: "B" }, 5)).toBe("B");
    expect(confirmCodeFrom({ code: "C" }, 5)).toBe("C");
    expect(confirmCodeFrom({ headers: { "x-confirm-code": "D" } }, 5)).toBe("D");
    expect(confirmCodeFrom({ headers: {} }, 5)).toBeUndefined();
  });

  it("ignores auth it cannot read instead of failing", () => {
    expect(confirmCodeFrom("nonsense", 5)).toBeUndefined();
    expect(confirmCodeFrom({ confirm_code: 42 }, 5)).toBeUndefined();
    expect(bearerFrom(null)).toBeUndefined();
  });

  it("reads the bearer token Echo puts in the Authorization header", () => {
    expect(bearerFrom({ headers: { Authorization: "Bearer t.o.k" } })).toBe("t.o.k");
    expect(bearerFrom({ headers: { authorization: "Bearer x" } })).toBe("x");
  });
});
