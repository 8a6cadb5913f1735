// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { themeColours } from "../../shared/theme-colours.ts";
import { DEFAULT_THEME, DEFAULT_THEME_COLOURS } from "../api/vendor.ts";
import { applyTheme, cssFontName, themeVariables } from "./theme.ts";

describe("themeVariables", () => {
  it("exposes the spec defaults: #2979FF, Roboto, weights 400 and 500", () => {
    const variables = themeVariables(DEFAULT_THEME, DEFAULT_THEME_COLOURS);
    expect(variables["--color-primary"]).toBe("#2979FF");
    expect(variables["--font-family"]).toMatch(/^"Roboto", /);
    expect(variables["--font-weight-normal"]).toBe("400");
    expect(variables["--font-weight-bold"]).toBe("500");
  });

  it("matches the defaults that global.css shows before the vendor loads", () => {
    const css = readFileSync("src/web/ui/global.css", "utf8").toUpperCase();
    for (const [name, value] of Object.entries(
      themeVariables(DEFAULT_THEME, DEFAULT_THEME_COLOURS),
    )) {
      if (name.startsWith("--color-")) expect(css).toContain(`${name.toUpperCase()}: ${value}`);
      if (name === "--font-family")
        expect(css.replace(/\s+/g, " ")).toContain(`${name}: ${value}`.toUpperCase());
    }
  });

  it("writes out the default theme's text colours as the server works them out", () => {
    expect(DEFAULT_THEME_COLOURS).toEqual(themeColours(DEFAULT_THEME));
  });

  it("sets the server's text colours beside the brand colours", () => {
    const colours = {
      on_primary: "#000000",
      primary_text: "#8A7A00",
      on_secondary: "#FFFFFF",
      secondary_text: "#111111",
    };
    const variables = themeVariables(
      { ...DEFAULT_THEME, primary_colour: "#FFEB3B", secondary_colour: "#111111" },
      colours,
    );
    expect(variables["--color-primary"]).toBe("#FFEB3B");
    expect(variables["--color-on-primary"]).toBe("#000000");
    expect(variables["--color-primary-text"]).toBe("#8A7A00");
    expect(variables["--color-on-secondary"]).toBe("#FFFFFF");
    expect(variables["--color-secondary-text"]).toBe("#111111");
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
    applyTheme(
      { ...DEFAULT_THEME, primary_colour: "#0D47A1", font_family: "Lato" },
      themeColours({ ...DEFAULT_THEME, primary_colour: "#0D47A1" }),
    );
    const style = document.documentElement.style;
    expect(style.getPropertyValue("--color-primary")).toBe("#0D47A1");
    expect(style.getPropertyValue("--color-on-primary")).toBe("#FFFFFF");
    expect(style.getPropertyValue("--font-family")).toMatch(/^"Lato", Roboto/);
  });
});
