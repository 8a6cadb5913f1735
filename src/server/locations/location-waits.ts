// The wait a visitor joining now would have, per location, from the wait-time engine. The public
// list asks for many locations at once, so answers are kept briefly and dropped when a line changes.
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { estimateWaitForNewVisitor } from "../queue/wait-time/estimate-wait-for-new-visitor.ts";
import type { LearnedDurationsCache } from "../queue/wait-time/learn-service-durations.ts";

export type NewVisitorWait = { seconds: number; expectedStart: string };

const TTL_MS = 10_000;
const CONCURRENCY = 4;

export type LocationWaits = {
  /** waits for the given locations of one vendor, in the same order */
  forLocations(
    vendorId: number,
    locationIds: readonly number[],
    serviceId?: number,
  ): Promise<(NewVisitorWait | null)[]>;
  /** drops the waits kept for the location, or for every location of the vendor */
  forget(scope: { vendorId: number; locationId?: number }): void;
  clear(): void;
};

type Entry = {
  value: Promise<NewVisitorWait | null>;
  expires: number;
  vendorId: number;
  locationId: number;
};

export function createLocationWaits(deps: {
  db: Db;
  events: DomainEventBus;
  learnedDurations?: LearnedDurationsCache;
  ttlMs?: number;
  now?: () => number;
}): LocationWaits {
  const { db, learnedDurations } = deps;
  const ttlMs = deps.ttlMs ?? TTL_MS;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, Entry>();

  function forget(scope: { vendorId: number; locationId?: number }) {
    for (const [key, entry] of cache) {
      if (entry.vendorId !== scope.vendorId) continue;
      if (scope.locationId !== undefined && entry.locationId !== scope.locationId) continue;
      cache.delete(key);
    }
  }
  // Every change to a line recalculates its waits on the node that made it.
  deps.events.on("waitTimesRecalculated", ({ vendorId, locationId }) =>
    forget({ vendorId, locationId }),
  );

  async function estimate(vendorId: number, locationId: number, serviceId: number | undefined) {
    const scope =
      serviceId === undefined ? { vendorId, locationId } : { vendorId, locationId, serviceId };
    const found = await estimateWaitForNewVisitor(
      learnedDurations ? { db, learnedDurations } : { db },
      scope,
    );
    return found
      ? {
          seconds: Math.max(0, Math.round(found.seconds)),
          expectedStart: found.expectedStart.toISOString(),
        }
      : null;
  }

  /** Callers arriving while a wait is computed share it; a change drops it even then, and a failure is not kept. */
  function one(vendorId: number, locationId: number, serviceId: number | undefined) {
    const key = `${vendorId}:${locationId}:${serviceId ?? ""}`;
    const at = now();
    const hit = cache.get(key);
    if (hit && hit.expires > at) return hit.value;
    if (cache.size > 50_000) cache.clear();
    const entry: Entry = {
      value: estimate(vendorId, locationId, serviceId),
      expires: at + ttlMs,
      vendorId,
      locationId,
    };
    cache.set(key, entry);
    entry.value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.value;
  }

  return {
    async forLocations(vendorId, locationIds, serviceId) {
      const results: (NewVisitorWait | null)[] = new Array(locationIds.length).fill(null);
      let next = 0;
      const worker = async () => {
        while (next < locationIds.length) {
          const index = next++;
          results[index] = await one(vendorId, locationIds[index]!, serviceId);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, locationIds.length) }, worker));
      return results;
    },
    forget,
    clear: () => cache.clear(),
  };
}
