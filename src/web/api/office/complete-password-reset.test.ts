// The reset page states the server's password rule, so the two must say the same number.
import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH as SERVER_MIN } from "../../../shared/contracts/password-reset.ts";
import { MIN_PASSWORD_LENGTH } from "./complete-password-reset.ts";

describe("the password rule shown before a reset", () => {
  it("is the server's", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(SERVER_MIN);
  });
});
