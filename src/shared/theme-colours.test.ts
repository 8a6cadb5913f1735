import { describe, expect, it } from "vitest";
import { AA_NORMAL_TEXT, contrastRatio } from "./colour-contrast.ts";
import { PAGE_BACKGROUND, themeColours } from "./theme-colours.ts";

describe("themeColours", () => {
  it("pairs every brand colour with text that meets AA, and makes it readable on the page", () => {
    for (const colour of ["#2979FF", "#FFEB3B", "#111111", "#00C853", "#FF4081", "#F4F6F8"]) {
      const colours = themeColours({ primary_colour: colour, secondary_colour: colour });
      expect(contrastRatio(colours.on_primary, colour)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      expect(contrastRatio(colours.on_secondary, colour)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      for (const text of [colours.primary_text, colours.secondary_text]) {
        expect(contrastRatio(text, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
        expect(contrastRatio(text, "#FFFFFF")).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      }
    }
  });

  it("keeps a brand colour that is already dark enough as it is", () => {
    expect(themeColours({ primary_colour: "#263238", secondary_colour: "#0d47a1" })).toEqual({
      on_primary: "#FFFFFF",
      primary_text: "#263238",
      on_secondary: "#FFFFFF",
      secondary_text: "#0D47A1",
    });
  });
});
