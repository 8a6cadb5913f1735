// Distances read in the visitor's language and the location's unit.
import { describe, expect, it } from "vitest";
import { formatDistance } from "./format-distance.ts";

const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatDistance", () => {
  it("writes kilometres and miles in the visitor's language, a tenth for short distances", () => {
    expect(plain(formatDistance(1.24, "km", "en"))).toBe("1.2 km");
    expect(plain(formatDistance(0.5, "mi", "en"))).toBe("0.5 mi");
    expect(plain(formatDistance(3.4, "km", "fr"))).toBe("3,4 km");
    expect(plain(formatDistance(1234.6, "km", "en"))).toBe("1,235 km");
  });

  it("drops the tenth from ten on", () => {
    expect(plain(formatDistance(12.3, "mi", "en"))).toBe("12 mi");
  });
});
