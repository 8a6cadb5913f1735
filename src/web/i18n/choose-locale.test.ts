import { describe, expect, it } from "vitest";
import { LOCALES } from "../../shared/domain.ts";
import { chooseLocale, textDirection } from "./choose-locale.ts";

const base = {
  query: null,
  stored: null,
  browser: [],
  available: LOCALES,
  vendorDefault: "en" as const,
};

describe("chooseLocale", () => {
  it("takes ?lang= over everything else, matching regional variants", () => {
    expect(chooseLocale({ ...base, query: "fr", stored: "es", browser: ["ko"] })).toBe("fr");
    expect(chooseLocale({ ...base, query: "pt" })).toBe("pt-BR");
    expect(chooseLocale({ ...base, query: "zh-Hans-CN" })).toBe("zh-CN");
  });

  it("uses the earlier choice, then the browser languages in order", () => {
    expect(chooseLocale({ ...base, stored: "pl", browser: ["ru"] })).toBe("pl");
    expect(chooseLocale({ ...base, browser: ["de-DE", "ru-RU", "en"] })).toBe("ru");
  });

  it("ignores languages the vendor does not offer and falls back to the vendor default", () => {
    const only = { ...base, available: ["en", "es"] as const, vendorDefault: "es" as const };
    expect(chooseLocale({ ...only, query: "fr", browser: ["ko"] })).toBe("es");
    expect(chooseLocale({ ...only, query: "nonsense", browser: ["en-GB"] })).toBe("en");
  });

  it("falls back to English when nothing matches", () => {
    expect(chooseLocale({ ...base, query: "xx", browser: ["de"] })).toBe("en");
  });
});

describe("textDirection", () => {
  it("is left to right for the shipped languages and right to left for Arabic or Hebrew", () => {
    for (const locale of LOCALES) expect(textDirection(locale)).toBe("ltr");
    expect(textDirection("ar")).toBe("rtl");
    expect(textDirection("he-IL")).toBe("rtl");
  });
});
