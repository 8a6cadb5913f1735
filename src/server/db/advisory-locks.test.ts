import { describe, expect, it } from "vitest";
import * as advisoryLocks from "./advisory-locks.ts";

describe("advisory lock classes", () => {
  const classes = Object.entries(advisoryLocks);

  it("gives every purpose a class of its own", () => {
    expect(classes.length).toBeGreaterThanOrEqual(4);
    expect(new Set(classes.map(([, value]) => value)).size).toBe(classes.length);
  });

  it("fits each class in the first key of the two-key form (a 32-bit integer)", () => {
    for (const [name, value] of classes) {
      expect(Number.isInteger(value), name).toBe(true);
      expect(value, name).toBeGreaterThanOrEqual(-(2 ** 31));
      expect(value, name).toBeLessThan(2 ** 31);
    }
  });
});
