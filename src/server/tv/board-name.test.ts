// Names on the public lobby board: first name and last initial, never the whole last name.
import { describe, expect, it } from "vitest";
import { boardName } from "./board-name.ts";

describe("boardName", () => {
  it("gives the first name and the last name's initial", () => {
    expect(boardName("Ada", "Lovelace")).toBe("Ada L.");
    expect(boardName("  Mary   Ann ", " o'Neil")).toBe("Mary Ann O.");
    expect(boardName("Zoë", "Łukasik")).toBe("Zoë Ł.");
  });

  it("keeps a last name that starts outside the basic plane whole as one character", () => {
    expect(boardName("Wei", "𠮷田")).toBe("Wei 𠮷.");
  });

  it("gives the first name alone without a last name, and the initial alone without a first name", () => {
    expect(boardName("Cher", "")).toBe("Cher");
    expect(boardName("", "Smith")).toBe("S.");
  });
});
