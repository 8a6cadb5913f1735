import { describe, expect, it } from "vitest";
import { checkPasswordStrength, userInputWords } from "./password-strength.ts";

const jane = {
  email: "jane.doe@northwind.example",
  firstName: "Jane",
  lastName: "Doe",
  vendorName: "Northwind Bank",
};

describe("checkPasswordStrength", () => {
  it.each(["password1234", "Password1234!", "qwertyuiop12", "iloveyou2024", "1q2w3e4r5t6y"])(
    "refuses the common password %s",
    (password) => {
      expect(checkPasswordStrength(password, jane)).toEqual({
        ok: false,
        reason: "password_too_common",
      });
    },
  );

  it.each([
    "northwind-staff",
    "Northwind2026!",
    "NORTHWIND-bank",
    "jane.doe@northwind.example",
    "JaneDoe-1985",
    "n0rthw1nd-admin",
  ])("refuses %s, built from the email, the names or the vendor's name", (password) => {
    expect(checkPasswordStrength(password, jane)).toEqual({
      ok: false,
      reason: "password_contains_personal_info",
    });
  });

  it.each(["aaaaaaaaaaaa", "abcdefghijklm", "zxcvbnm,./asdf"])(
    "refuses the guessable pattern %s",
    (password) => {
      const verdict = checkPasswordStrength(password, jane);
      expect(verdict.ok).toBe(false);
    },
  );

  it.each([
    "correct horse battery staple",
    "teller-lantern-harbour",
    "Northwind keeps my savings in a copper jar",
    "fixture-password-42",
  ])("accepts %s", (password) => {
    expect(checkPasswordStrength(password, jane)).toEqual({ ok: true });
  });

  it("takes the email whole, its parts and the names' words, ignoring words under three letters", () => {
    const words = userInputWords({
      email: " Li.Wu@Harbour-Clinic.example ",
      vendorName: "Harbour Clinic",
    });
    expect(words.sort()).toEqual(
      [
        "li.wu@harbour-clinic.example",
        "li.wu",
        "harbour-clinic.example",
        "harbour",
        "clinic",
        "example",
        "harbour clinic",
      ].sort(),
    );
  });
});
