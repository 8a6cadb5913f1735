// The dashboard's figures for one location and one local day, from that location's queue visits:
// pure, so the counting rules are tested without a database (summarize-location-day.test.ts).
import type { QueueStatus } from "../../shared/domain.ts";
import { type QuoteAccuracy, summarizeQuoteAccuracy } from "../queue/wait-time/quote-accuracy.ts";

export type DashboardVisit = {
  status: QueueStatus;
  createdAt: Date;
  queuedAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  actualWaitSeconds: number | null;
  quotedWaitSeconds: number | null;
};

export type LocationDayFigures = {
  /** joined the line during the day */
  joined: number;
  /** meetings that ended completed during the day */
  served: number;
  no_shows: number;
  cancelled: number;
  /** the line right now; null for a day other than the location's today */
  waiting_now: number | null;
  in_progress_now: number | null;
  longest_waiting_now_seconds: number | null;
  /** over the meetings that started during the day: how long those visitors had waited */
  median_wait_seconds: number | null;
  longest_wait_seconds: number | null;
  quote_accuracy: {
    count: number;
    median_absolute_error_seconds: number | null;
    median_bias_seconds: number | null;
    within_five_minutes_share: number | null;
  };
};

const within = (instant: Date | null, day: { start: Date; end: Date }) =>
  instant !== null && instant >= day.start && instant < day.end;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function largest(values: readonly number[]): number | null {
  return values.reduce<number | null>(
    (max, value) => (max === null || value > max ? value : max),
    null,
  );
}

export function summarizeLocationDay(
  visits: readonly DashboardVisit[],
  day: { start: Date; end: Date },
  live: { now: Date } | null,
): LocationDayFigures {
  const endedAs = (status: QueueStatus) =>
    visits.filter((v) => v.status === status && within(v.endedAt, day)).length;
  const waits = visits
    .filter((v) => within(v.startedAt, day) && v.actualWaitSeconds !== null)
    .map((v) => v.actualWaitSeconds!);
  const waitingNow = visits.filter((v) => v.status === "waiting");
  // Quote accuracy counts the visitors who joined that day, as reportQuoteAccuracy does.
  const quoted = visits
    .filter(
      (v) =>
        within(v.createdAt, day) && v.quotedWaitSeconds !== null && v.actualWaitSeconds !== null,
    )
    .map((v) => ({
      quotedWaitSeconds: v.quotedWaitSeconds!,
      actualWaitSeconds: v.actualWaitSeconds!,
    }));
  return {
    joined: visits.filter((v) => within(v.createdAt, day)).length,
    served: endedAs("completed"),
    no_shows: endedAs("no_show"),
    cancelled: endedAs("cancelled"),
    waiting_now: live ? waitingNow.length : null,
    in_progress_now: live ? visits.filter((v) => v.status === "in_progress").length : null,
    longest_waiting_now_seconds: live
      ? largest(
          waitingNow.map((v) =>
            Math.max(0, Math.round((live.now.getTime() - v.queuedAt.getTime()) / 1000)),
          ),
        )
      : null,
    median_wait_seconds: median(waits),
    longest_wait_seconds: largest(waits),
    quote_accuracy: presentAccuracy(summarizeQuoteAccuracy(quoted)),
  };
}

function presentAccuracy(accuracy: QuoteAccuracy): LocationDayFigures["quote_accuracy"] {
  return {
    count: accuracy.count,
    median_absolute_error_seconds: accuracy.medianAbsoluteErrorSeconds,
    median_bias_seconds: accuracy.medianBiasSeconds,
    within_five_minutes_share: accuracy.withinFiveMinutesShare,
  };
}
