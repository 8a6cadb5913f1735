// How good the quoted waits were: for the visitors of one location who joined on one local day and
// were served, compare the wait quoted at join with the wait they actually had.
import { and, eq, gte, isNotNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { locations, queueAppointments } from "../../db/schema.ts";
import { notFound } from "../../http/app-error.ts";
import { localDayOf } from "../../scheduling/local-day.ts";

/** A quote counts as good when the real wait was within this many seconds of it. */
export const GOOD_QUOTE_TOLERANCE_SECONDS = 5 * 60;

export type QuotedWait = { quotedWaitSeconds: number; actualWaitSeconds: number };

export type QuoteAccuracy = {
  /** visitors with both a quote and an actual wait */
  count: number;
  /** median of |actual − quoted|; null without visitors */
  medianAbsoluteErrorSeconds: number | null;
  /** median of actual − quoted: above zero, the quotes are optimistic; null without visitors */
  medianBiasSeconds: number | null;
  /** share (0–1) of quotes within ±5 minutes of the actual wait; null without visitors */
  withinFiveMinutesShare: number | null;
};

export function summarizeQuoteAccuracy(quotes: readonly QuotedWait[]): QuoteAccuracy {
  if (quotes.length === 0) {
    return {
      count: 0,
      medianAbsoluteErrorSeconds: null,
      medianBiasSeconds: null,
      withinFiveMinutesShare: null,
    };
  }
  const errors = quotes.map((quote) => quote.actualWaitSeconds - quote.quotedWaitSeconds);
  const absolute = errors.map(Math.abs);
  const within = absolute.filter((error) => error <= GOOD_QUOTE_TOLERANCE_SECONDS).length;
  return {
    count: quotes.length,
    medianAbsoluteErrorSeconds: median(absolute),
    medianBiasSeconds: median(errors),
    withinFiveMinutesShare: within / quotes.length,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Quote accuracy of the visitors who joined the line at the location on `day` (YYYY-MM-DD, local). */
export async function reportQuoteAccuracy(
  db: DbOrTx,
  scope: { vendorId: number; locationId: number; day: string },
): Promise<QuoteAccuracy> {
  const [location] = await db
    .select({ timezone: locations.timezone })
    .from(locations)
    .where(and(eq(locations.id, scope.locationId), eq(locations.vendorId, scope.vendorId)));
  if (!location) throw notFound();
  const day = localDayOf(scope.day, location.timezone);
  const q = queueAppointments;
  const rows = await db
    .select({ quotedWaitSeconds: q.quotedWaitSeconds, actualWaitSeconds: q.actualWaitSeconds })
    .from(q)
    .where(
      and(
        eq(q.vendorId, scope.vendorId),
        eq(q.locationId, scope.locationId),
        // the day the visitor joined: created_at, since queued_at moves on "return to queue"
        gte(q.createdAt, day.start),
        lt(q.createdAt, day.end),
        isNotNull(q.quotedWaitSeconds),
        isNotNull(q.actualWaitSeconds),
      ),
    );
  return summarizeQuoteAccuracy(
    rows.map((row) => ({
      quotedWaitSeconds: row.quotedWaitSeconds!,
      actualWaitSeconds: row.actualWaitSeconds!,
    })),
  );
}
