import { describe, expect, it } from "vitest";
import { composePhoneNumber, isPhoneCountry, phoneCountries } from "./phone-countries.ts";

describe("phone countries", () => {
  it("offers Canada and the United States first, then every other country by name", () => {
    const { first, rest } = phoneCountries("en");
    expect(first.map((c) => [c.code, c.name, c.callingCode])).toEqual([
      ["CA", "Canada", "1"],
      ["US", "United States", "1"],
    ]);
    expect(rest.length).toBeGreaterThan(200);
    expect(rest.map((c) => c.code)).not.toContain("US");
    const names = rest.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("en").compare));
    expect(rest.find((c) => c.code === "PL")).toMatchObject({ name: "Poland", callingCode: "48" });
  });

  it("names the countries in the visitor's language", () => {
    expect(phoneCountries("fr").rest.find((c) => c.code === "DE")?.name).toBe("Allemagne");
  });

  it("reads a national number in the chosen country, dropping its trunk prefix", () => {
    expect(composePhoneNumber("(416) 555-0142", "CA")).toBe("+14165550142");
    expect(composePhoneNumber("020 7946 0958", "GB")).toBe("+442079460958");
    expect(composePhoneNumber("22 555 01 23", "PL")).toBe("+48225550123");
  });

  it("takes a number typed with + as it is, and the country's international prefix", () => {
    expect(composePhoneNumber("+48 22 555 01 23", "US")).toBe("+48225550123");
    expect(composePhoneNumber("00 1 212 555 0163", "PL")).toBe("+12125550163");
  });

  it("leaves nothing as nothing, and short numbers for the rules to refuse", () => {
    expect(composePhoneNumber("  ", "CA")).toBe("");
    expect(composePhoneNumber("12345", "US")).toBe("+112345");
    expect(composePhoneNumber("abc", "US")).toBe("+1abc");
  });

  it("knows the ISO countries libphonenumber knows", () => {
    expect(isPhoneCountry("ca")).toBe(true);
    expect(isPhoneCountry("XX")).toBe(false);
    expect(isPhoneCountry(null)).toBe(false);
  });
});
