import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { feedbackInputSchema, ratingToHalves } from "./feedback-schema.ts";
import { QUEUE_MESSAGES as M } from "./queue-messages.ts";

describe("feedback schema", () => {
  it("accepts every half step from 0 to 5", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), (halves) => {
        const parsed = feedbackInputSchema.parse({ rating: halves / 2 });
        expect(ratingToHalves(parsed.rating)).toBe(halves);
      }),
    );
  });

  it("refuses ratings off the half-step grid or out of range", () => {
    for (const rating of [0.25, 4.75, -0.5, 5.5, 100]) {
      expect(feedbackInputSchema.safeParse({ rating }).error?.issues[0]?.message).toBe(
        M.ratingHalfSteps,
      );
    }
  });

  it("asks for a rating when none is given", () => {
    expect(feedbackInputSchema.safeParse({ experience: "fine" }).error?.issues[0]?.message).toBe(
      M.ratingRequired,
    );
  });
});
