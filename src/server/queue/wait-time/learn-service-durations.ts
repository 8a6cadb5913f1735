// How long a service really takes at a location, learned from recent completed visits: a trimmed
// mean that a forgotten "end meeting" cannot skew, falling back to the configured duration.
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { queueAppointments, services } from "../../db/schema.ts";

/** Only the most recent visits count, so a change in how a service is run shows up within days. */
export const DURATION_SAMPLE_LIMIT = 30;
export const DURATION_SAMPLE_WINDOW_DAYS = 30;
/** Fewer samples than this say more about chance than about the service. */
export const MIN_DURATION_SAMPLES = 5;
/** A learned duration is kept within these bounds (minutes). */
export const DURATION_BOUNDS = { min: 1, max: 240 } as const;
/** Samples outside (0, 12 h] are data errors (a meeting left open overnight), not visits. */
const MAX_SAMPLE_MINUTES = 12 * 60;
/** Share of samples dropped at each end before averaging. */
const TRIM_SHARE = 0.2;

/**
 * The duration to plan with, in minutes: the 20 % trimmed mean of the most recent samples
 * (`samplesMinutes`, most recent first), or the configured duration when there are too few.
 */
export function robustDurationMinutes(
  samplesMinutes: readonly number[],
  configuredMinutes: number,
): number {
  const usable = samplesMinutes
    .filter((minutes) => Number.isFinite(minutes) && minutes > 0 && minutes <= MAX_SAMPLE_MINUTES)
    .slice(0, DURATION_SAMPLE_LIMIT);
  if (usable.length < MIN_DURATION_SAMPLES) return Math.max(DURATION_BOUNDS.min, configuredMinutes);
  const sorted = [...usable].sort((a, b) => a - b);
  const trim = Math.floor(sorted.length * TRIM_SHARE);
  const kept = sorted.slice(trim, sorted.length - trim);
  const mean = kept.reduce((sum, minutes) => sum + minutes, 0) / kept.length;
  const bounded = Math.min(DURATION_BOUNDS.max, Math.max(DURATION_BOUNDS.min, mean));
  return Math.round(bounded * 60) / 60; // whole seconds
}

/** Learned duration in minutes for each of `serviceIds` (of the vendor) at the location. */
export async function learnServiceDurations(
  db: DbOrTx,
  scope: { vendorId: number; locationId: number; serviceIds: readonly number[] },
  now: Date,
): Promise<Map<number, number>> {
  const durations = new Map<number, number>();
  if (scope.serviceIds.length === 0) return durations;
  const serviceIds = [...new Set(scope.serviceIds)];
  const configured = await db
    .select({ id: services.id, minutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.vendorId, scope.vendorId), inArray(services.id, serviceIds)));

  const q = queueAppointments;
  const since = new Date(now.getTime() - DURATION_SAMPLE_WINDOW_DAYS * 86_400_000);
  const ranked = db
    .select({
      serviceId: q.serviceId,
      seconds: sql<string>`extract(epoch from ${q.endedAt} - ${q.startedAt})`.as("seconds"),
      rank: sql<number>`row_number() over (partition by ${q.serviceId} order by ${q.endedAt} desc)`.as(
        "rank",
      ),
    })
    .from(q)
    .where(
      and(
        eq(q.vendorId, scope.vendorId),
        eq(q.locationId, scope.locationId),
        eq(q.status, "completed"),
        inArray(q.serviceId, serviceIds),
        isNotNull(q.startedAt),
        gt(q.endedAt, q.startedAt),
        gte(q.endedAt, since),
        lte(q.endedAt, now),
      ),
    )
    .as("ranked");
  const samples = await db
    .select({ serviceId: ranked.serviceId, seconds: ranked.seconds })
    .from(ranked)
    .where(lte(ranked.rank, DURATION_SAMPLE_LIMIT))
    .orderBy(asc(ranked.serviceId), asc(ranked.rank));

  const samplesByService = new Map<number, number[]>();
  for (const sample of samples) {
    const list = samplesByService.get(sample.serviceId) ?? [];
    list.push(Number(sample.seconds) / 60);
    samplesByService.set(sample.serviceId, list);
  }
  for (const service of configured) {
    durations.set(
      service.id,
      robustDurationMinutes(samplesByService.get(service.id) ?? [], service.minutes),
    );
  }
  return durations;
}
