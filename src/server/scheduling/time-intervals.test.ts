import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clipIntervals,
  normalizeIntervals,
  subtractIntervals,
  type TimeInterval,
} from "./time-intervals.ts";

const span = (start: number, end: number): TimeInterval => ({ start, end });
const intervalsArb = fc.array(
  fc
    .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 30 }))
    .map(([start, length]) => span(start, start + length)),
  { maxLength: 8 },
);
const covers = (intervals: readonly TimeInterval[], point: number) =>
  intervals.some((i) => i.start <= point && point < i.end);

describe("time intervals", () => {
  it("merges overlapping and touching intervals and drops empty ones", () => {
    expect(
      normalizeIntervals([span(10, 20), span(0, 5), span(5, 8), span(15, 25), span(30, 30)]),
    ).toEqual([span(0, 8), span(10, 25)]);
  });

  it("takes breaks out of a shift", () => {
    expect(subtractIntervals([span(0, 100)], [span(20, 30), span(60, 70), span(95, 120)])).toEqual([
      span(0, 20),
      span(30, 60),
      span(70, 95),
    ]);
  });

  it("lets one hole cut two intervals", () => {
    expect(subtractIntervals([span(0, 10), span(20, 30)], [span(5, 25)])).toEqual([
      span(0, 5),
      span(25, 30),
    ]);
  });

  it("keeps only what lies inside the window when clipping", () => {
    expect(clipIntervals([span(0, 10), span(20, 30), span(40, 50)], 5, 45)).toEqual([
      span(5, 10),
      span(20, 30),
      span(40, 45),
    ]);
  });

  it("covers exactly the instants of the intervals that no hole covers", () => {
    fc.assert(
      fc.property(intervalsArb, intervalsArb, (intervals, holes) => {
        const result = subtractIntervals(intervals, holes);
        for (let point = 0; point <= 131; point++) {
          expect(covers(result, point)).toBe(covers(intervals, point) && !covers(holes, point));
        }
        for (let i = 1; i < result.length; i++)
          expect(result[i]!.start).toBeGreaterThan(result[i - 1]!.end - 1);
      }),
    );
  });
});
