import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsUrl, hasConsecutiveDigits, normaliseEmail } from "./free-text-rules.ts";

const separator = fc.constantFrom(
  "-",
  ".",
  "/",
  "a",
  "Z",
  "é",
  "(",
  ")",
  "#",
  ",",
  "_",
  "x",
  "",
  " ",
  "  ",
  "\t",
  "\u00a0",
  "\n",
);

describe("notes digit rule", () => {
  it("rejects 8 or more digits however letters, punctuation and spaces separate them", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 20 }),
        fc.array(separator, { minLength: 20, maxLength: 20 }),
        fc.string({ unit: "grapheme-ascii", maxLength: 10 }).map((s) => s.replace(/[\d]/g, "")),
        (digits, separators, prefix) => {
          const text = `${prefix} ${digits.map((d, i) => `${d}${separators[i]}`).join("")}`;
          expect(hasConsecutiveDigits(text)).toBe(true);
        },
      ),
    );
  });

  it("accepts text with fewer than 8 digits, however they are spread", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 7 }),
        fc.array(separator, { minLength: 7, maxLength: 7 }),
        (digits, separators) => {
          const text = `call me ${digits.map((d, i) => `${d}${separators[i]}`).join("")} thanks`;
          expect(hasConsecutiveDigits(text)).toBe(false);
        },
      ),
    );
  });

  it("reads a card or account number written in groups as one run, with dashes or spaces", () => {
    expect(hasConsecutiveDigits("card 4111-1111-1111-1111")).toBe(true);
    expect(hasConsecutiveDigits("account 1234 5678 9012")).toBe(true);
    expect(hasConsecutiveDigits("account 1234-5678-9012")).toBe(true);
    expect(hasConsecutiveDigits("acct 1234\u00a05678")).toBe(true);
    expect(hasConsecutiveDigits("card ４１１１ １１１１")).toBe(true);
    expect(hasConsecutiveDigits("gate 1234567")).toBe(false);
    expect(hasConsecutiveDigits("room 12, desk 3, at 4 pm")).toBe(false);
  });
});

describe("not_url rule", () => {
  it.each([
    "https://evil.example",
    "see www.example.org",
    "go to evil.com now",
    "ftp://x.y",
    "bit.ly/abc",
  ])("flags %s", (text) => expect(containsUrl(text)).toBe(true));
  it.each([
    "John Smith",
    "Mr.Smith",
    "e.g. the blue car",
    "write to ann@mail.com",
    "Ford Focus 2.0",
    "O'Brien",
  ])("leaves %s alone", (text) => expect(containsUrl(text)).toBe(false));
});

describe("email normalisation", () => {
  it("removes every space a visitor typed", () => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        fc.array(fc.nat({ max: 60 }), { maxLength: 5 }),
        fc.constantFrom(" ", "\t", "\u00a0", "  "),
        (email, positions, space) => {
          let spaced = email;
          for (const p of positions) {
            const at = Math.min(p, spaced.length);
            spaced = spaced.slice(0, at) + space + spaced.slice(at);
          }
          expect(normaliseEmail(spaced)).toBe(email);
        },
      ),
    );
  });
});
