// The dashboard's counting rules without a database: which visits count for a day, and medians.
import { describe, expect, it } from "vitest";
import { type DashboardVisit, median, summarizeLocationDay } from "./summarize-location-day.ts";

const day = { start: new Date("2030-01-01T00:00:00Z"), end: new Date("2030-01-02T00:00:00Z") };
const at = (time: string) => new Date(`2030-01-01T${time}:00Z`);

function visit(overrides: Partial<DashboardVisit>): DashboardVisit {
  return {
    status: "waiting",
    createdAt: at("09:00"),
    queuedAt: at("09:00"),
    startedAt: null,
    endedAt: null,
    actualWaitSeconds: null,
    quotedWaitSeconds: null,
    ...overrides,
  };
}

describe("summarizeLocationDay", () => {
  it("gives nulls, not zeros, for waits and accuracy of a day without meetings", () => {
    const figures = summarizeLocationDay([], day, null);
    expect(figures).toMatchObject({
      joined: 0,
      served: 0,
      median_wait_seconds: null,
      longest_wait_seconds: null,
      waiting_now: null,
      quote_accuracy: { count: 0, median_absolute_error_seconds: null },
    });
  });

  it("counts a visit returned to the line and started again once, with its last wait", () => {
    const returned = visit({
      status: "completed",
      startedAt: at("10:00"),
      endedAt: at("10:10"),
      actualWaitSeconds: 3600,
    });
    expect(summarizeLocationDay([returned], day, null)).toMatchObject({
      joined: 1,
      served: 1,
      median_wait_seconds: 3600,
    });
  });

  it("reads the line now only for a live day", () => {
    const waiting = visit({ queuedAt: at("11:00") });
    const live = summarizeLocationDay([waiting], day, { now: at("11:30") });
    expect(live).toMatchObject({
      waiting_now: 1,
      in_progress_now: 0,
      longest_waiting_now_seconds: 1800,
    });
    expect(summarizeLocationDay([waiting], day, null).waiting_now).toBeNull();
  });

  it("leaves out visits that ended before or after the day", () => {
    const before = visit({
      status: "no_show",
      createdAt: at("00:00"),
      endedAt: new Date("2029-12-31T23:00:00Z"),
    });
    const after = visit({ status: "cancelled", endedAt: day.end });
    expect(summarizeLocationDay([before, after], day, null)).toMatchObject({
      no_shows: 0,
      cancelled: 0,
    });
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle values", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
