import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AA_NORMAL_TEXT,
  contrastRatio,
  parseHex,
  readableTextOn,
  relativeLuminance,
  withContrastAgainst,
} from "./colour-contrast.ts";

const hexColour = fc
  .tuple(
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
  )
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`);

describe("contrast maths", () => {
  it("gives the WCAG luminance of black, white and the pure primaries", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#FFFFFF")).toBeCloseTo(1, 10);
    expect(relativeLuminance("#FF0000")).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance("#00FF00")).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance("#0000FF")).toBeCloseTo(0.0722, 4);
  });

  it("matches published contrast ratios", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#FFFFFF", "#FFFFFF")).toBe(1);
    // #767676 is the lightest grey that passes AA on white (4.54:1); #777777 fails (4.48:1).
    expect(contrastRatio("#767676", "#FFFFFF")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#FFFFFF")).toBeCloseTo(4.48, 2);
  });

  it("is symmetric", () => {
    fc.assert(
      fc.property(hexColour, hexColour, (a, b) => contrastRatio(a, b) === contrastRatio(b, a)),
    );
  });

  it("refuses colours that are not #rrggbb", () => {
    expect(() => parseHex("#fff")).toThrow();
    expect(() => parseHex("blue")).toThrow();
  });
});

describe("readableTextOn", () => {
  it("puts black text on the default primary #2979FF, where white only reaches 3.98:1", () => {
    expect(contrastRatio("#FFFFFF", "#2979FF")).toBeLessThan(AA_NORMAL_TEXT);
    expect(readableTextOn("#2979FF")).toBe("#000000");
  });

  it("puts white text on dark colours", () => {
    expect(readableTextOn("#263238")).toBe("#FFFFFF");
    expect(readableTextOn("#0D47A1")).toBe("#FFFFFF");
  });

  it("reaches AA on any background colour", () => {
    fc.assert(
      fc.property(
        hexColour,
        (background) => contrastRatio(readableTextOn(background), background) >= AA_NORMAL_TEXT,
      ),
      { numRuns: 2000 },
    );
  });
});

describe("withContrastAgainst", () => {
  it("keeps a colour that already passes", () => {
    expect(withContrastAgainst("#263238", "#FFFFFF")).toBe("#263238");
  });

  it("darkens the default primary just enough to pass on white", () => {
    const darkened = withContrastAgainst("#2979FF", "#FFFFFF");
    expect(contrastRatio(darkened, "#FFFFFF")).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(contrastRatio(darkened, "#FFFFFF")).toBeLessThan(5.2);
  });

  it("reaches the ratio for any colour on white and on black", () => {
    fc.assert(
      fc.property(hexColour, fc.constantFrom("#FFFFFF", "#000000"), (colour, background) => {
        return contrastRatio(withContrastAgainst(colour, background), background) >= AA_NORMAL_TEXT;
      }),
      { numRuns: 1000 },
    );
  });
});
