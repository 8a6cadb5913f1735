// The wait a visitor joining now would have, per location, from the wait-time engine. The public
// list asks for many locations at once, so answers are kept briefly and dropped when a line changes.
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { estimateWaitForNewVisitor } from "../queue/wait-time/estimate-wait-for-new-visitor.ts";

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
};

export function createLocationWaits(db: Db, events: DomainEventBus): LocationWaits {
  const cache = new Map<string, { value: NewVisitorWait | null; expires: number }>();
  events.on("waitTimesRecalculated", ({ vendorId, locationId }) => {
    for (const key of cache.keys())
      if (key.startsWith(`${vendorId}:${locationId}:`)) cache.delete(key);
  });

  async function one(vendorId: number, locationId: number, serviceId: number | undefined) {
    const key = `${vendorId}:${locationId}:${serviceId ?? ""}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return hit.value;
    const estimate = await estimateWaitForNewVisitor(
      { db },
      serviceId === undefined ? { vendorId, locationId } : { vendorId, locationId, serviceId },
    );
    const value = estimate
      ? {
          seconds: Math.max(0, Math.round(estimate.seconds)),
          expectedStart: estimate.expectedStart.toISOString(),
        }
      : null;
    if (cache.size > 50_000) cache.clear();
    cache.set(key, { value, expires: now + TTL_MS });
    return value;
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
  };
}
