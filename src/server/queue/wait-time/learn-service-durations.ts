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

/**
 * How long the samples read for a location are reused. Reading them scans the location's recent
 * history, and every change to the line recalculates its wait times; one more sample moves a
 * trimmed mean of thirty very little, so reusing them for a minute costs no accuracy worth having.
 * A completed visit drops them on every node (AppCaches.invalidate "visit-completed"); the limit
 * bounds how late a completion is counted should that message be lost.
 */
export const LEARNED_SAMPLES_TTL_MS = 60_000;

type SampleCacheEntry = {
  /** the `now` the samples were read for */
  at: number;
  serviceIds: ReadonlySet<number>;
  samplesByService: ReadonlyMap<number, number[]>;
};

/** The samples last read per vendor and location, owned by the app (AppCaches.learnedDurations). */
export type LearnedDurationsCache = {
  /** drops the samples kept for the location, so the next recalculation counts a visit just completed */
  forget(scope: SampleScope): void;
  clear(): void;
  /** the samples kept for the location, if any */
  get(scope: SampleScope): SampleCacheEntry | undefined;
  /** marks the start of a read of the location's samples, for `keep` */
  readStarted(scope: SampleScope): ReadStamp;
  /** keeps what a read found, unless the location's samples were dropped since it started */
  keep(scope: SampleScope, started: ReadStamp, entry: SampleCacheEntry): void;
};

type SampleScope = { vendorId: number; locationId: number };
type ReadStamp = { clears: number; drops: number };

export function createLearnedDurationsCache(): LearnedDurationsCache {
  const entries = new Map<string, SampleCacheEntry>();
  // A read that began before a drop may predate the completion that caused it: it is not kept.
  const drops = new Map<string, number>();
  let clears = 0;
  return {
    forget(scope) {
      const key = sampleKey(scope);
      entries.delete(key);
      drops.set(key, (drops.get(key) ?? 0) + 1);
    },
    clear() {
      entries.clear();
      clears += 1;
    },
    get: (scope) => entries.get(sampleKey(scope)),
    readStarted: (scope) => ({ clears, drops: drops.get(sampleKey(scope)) ?? 0 }),
    keep(scope, started, entry) {
      const key = sampleKey(scope);
      if (started.clears === clears && started.drops === (drops.get(key) ?? 0)) {
        entries.set(key, entry);
      }
    },
  };
}

const sampleKey = (scope: SampleScope) => `${scope.vendorId}:${scope.locationId}`;

/**
 * Learned duration in minutes for each of `serviceIds` (of the vendor) at the location. A caller
 * that has already read the configured durations of the vendor's services passes them in
 * `configuredMinutes`; services missing from it are read here. Samples read for the live clock are
 * reused for `LEARNED_SAMPLES_TTL_MS` when a `cache` is given; a fixed clock (tests, replays)
 * always reads afresh.
 */
export async function learnServiceDurations(
  db: DbOrTx,
  scope: { vendorId: number; locationId: number; serviceIds: readonly number[] },
  now: Date,
  configuredMinutes?: ReadonlyMap<number, number>,
  cache?: LearnedDurationsCache,
): Promise<Map<number, number>> {
  const durations = new Map<number, number>();
  if (scope.serviceIds.length === 0) return durations;
  const serviceIds = [...new Set(scope.serviceIds)];
  const configured = new Map<number, number>();
  const unknown: number[] = [];
  for (const id of serviceIds) {
    const minutes = configuredMinutes?.get(id);
    if (minutes === undefined) unknown.push(id);
    else configured.set(id, minutes);
  }
  if (unknown.length > 0) {
    const rows = await db
      .select({ id: services.id, minutes: services.durationMinutes })
      .from(services)
      .where(and(eq(services.vendorId, scope.vendorId), inArray(services.id, unknown)));
    for (const row of rows) configured.set(row.id, row.minutes);
  }
  if (configured.size === 0) return durations;

  const samplesByService = await recentSamples(db, scope, [...configured.keys()], now, cache);
  for (const [serviceId, minutes] of configured) {
    durations.set(serviceId, robustDurationMinutes(samplesByService.get(serviceId) ?? [], minutes));
  }
  return durations;
}

/** The most recent samples (minutes, most recent first) per service, from the cache when fresh. */
async function recentSamples(
  db: DbOrTx,
  scope: { vendorId: number; locationId: number },
  serviceIds: number[],
  now: Date,
  kept: LearnedDurationsCache | undefined,
): Promise<ReadonlyMap<number, number[]>> {
  const at = now.getTime();
  // Only the live clock is cached: a fixed clock may be moved back, or history added under it.
  const live = Math.abs(Date.now() - at) < LEARNED_SAMPLES_TTL_MS;
  const cache = live ? kept : undefined;
  const cached = cache?.get(scope);
  if (
    cached &&
    at >= cached.at &&
    at - cached.at < LEARNED_SAMPLES_TTL_MS &&
    serviceIds.every((id) => cached.serviceIds.has(id))
  ) {
    return cached.samplesByService;
  }
  const started = cache?.readStarted(scope);
  const samplesByService = await readSamples(db, scope, serviceIds, now);
  if (cache && started) {
    cache.keep(scope, started, { at, serviceIds: new Set(serviceIds), samplesByService });
  }
  return samplesByService;
}

async function readSamples(
  db: DbOrTx,
  scope: { vendorId: number; locationId: number },
  serviceIds: number[],
  now: Date,
): Promise<Map<number, number[]>> {
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
  return samplesByService;
}
