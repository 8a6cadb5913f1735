import { describe, expect, it, vi } from "vitest";
import { parseSynonyms } from "./parse-synonyms.ts";

describe("parseSynonyms", () => {
  it("parses valid overrides and drops broken ones with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const parsed = parseSynonyms({
      "Home.title": "Our branches",
      "Home.empty": "{count, plural, one {x}",
    });
    expect(Object.keys(parsed)).toEqual(["Home.title"]);
    expect(parsed["Home.title"]).toEqual([{ type: 0, value: "Our branches" }]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
