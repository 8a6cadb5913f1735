// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AA_NORMAL_TEXT, contrastRatio } from "../../shared/colour-contrast.ts";
import { DEFAULT_THEME } from "../api/vendor.ts";
import { applyTheme, cssFontName, themeVariables } from "./theme.ts";

describe("themeVariables", () => {
  it("exposes the spec defaults: #2979FF, Roboto, weights 400 and 500", () => {
    const variables = themeVariables(DEFAULT_THEME);
    expect(variables["--color-primary"]).toBe("#2979FF");
    expect(variables["--font-family"]).toMatch(/^"Roboto", /);
    expect(variables["--font-weight-normal"]).toBe("400");
    expect(variables["--font-weight-bold"]).toBe("500");
  });

  it("matches the defaults that global.css shows before the vendor loads", () => {
    const css = readFileSync("src/web/ui/global.css", "utf8").toUpperCase();
    for (const [name, value] of Object.entries(themeVariables(DEFAULT_THEME))) {
      if (name.startsWith("--color-")) expect(css).toContain(`${name.toUpperCase()}: ${value}`);
      if (name === "--font-family")
        expect(css.replace(/\s+/g, " ")).toContain(`${name}: ${value}`.toUpperCase());
    }
  });

  it("pairs every colour with text that meets AA", () => {
    for (const primary of ["#2979FF", "#FFEB3B", "#111111", "#00C853", "#FF4081"]) {
      const v = themeVariables({
        ...DEFAULT_THEME,
        primary_colour: primary,
        secondary_colour: primary,
      });
      expect(contrastRatio(v["--color-on-primary"]!, primary)).toBeGreaterThanOrEqual(
        AA_NORMAL_TEXT,
      );
      expect(contrastRatio(v["--color-on-secondary"]!, primary)).toBeGreaterThanOrEqual(
        AA_NORMAL_TEXT,
      );
      expect(contrastRatio(v["--color-primary-text"]!, "#FFFFFF")).toBeGreaterThanOrEqual(
        AA_NORMAL_TEXT,
      );
    }
  });
});

describe("cssFontName", () => {
  it("quotes the family and strips characters that could end the declaration", () => {
    expect(cssFontName("Open Sans")).toBe('"Open Sans"');
    expect(cssFontName('Evil"; background: red; {')).toBe('"Evil background: red"');
    expect(cssFontName('";')).toBe('"Roboto"');
  });
});

describe("applyTheme", () => {
  it("sets the custom properties on the root element", () => {
    applyTheme({ ...DEFAULT_THEME, primary_colour: "#0D47A1", font_family: "Lato" });
    const style = document.documentElement.style;
    expect(style.getPropertyValue("--color-primary")).toBe("#0D47A1");
    expect(style.getPropertyValue("--color-on-primary")).toBe("#FFFFFF");
    expect(style.getPropertyValue("--font-family")).toMatch(/^"Lato", Roboto/);
  });
});
