// The wait a visitor joining the line now would be quoted: the engine run with one more visitor
// appended for the service (or for each walk-in service, keeping the shortest wait).
import type { Db } from "../../db/client.ts";
import type { LearnedDurationsCache } from "./learn-service-durations.ts";
import { loadWaitTimeInput } from "./load-wait-time-input.ts";
import { simulateWaitTimes } from "./simulate-wait-times.ts";

/** what a visitor joining now for `serviceId` (or the best service when omitted) would wait; null = nobody can serve */
export async function estimateWaitForNewVisitor(
  deps: { db: Db; now?: Date; learnedDurations?: LearnedDurationsCache | undefined },
  scope: { vendorId: number; locationId: number; serviceId?: number },
): Promise<{ seconds: number; expectedStart: Date } | null> {
  const now = deps.now ?? new Date();
  const input = await loadWaitTimeInput(deps.db, scope, now, deps.learnedDurations);
  const probeServiceIds =
    scope.serviceId === undefined
      ? input.walkInServiceIds
      : input.walkInServiceIds.filter((id) => id === scope.serviceId);
  if (probeServiceIds.length === 0) return null; // the location does not take walk-ins for it
  const { probes } = simulateWaitTimes({ ...input.simulation, probeServiceIds });
  let earliest: number | null = null;
  for (const start of probes) {
    if (start !== null && (earliest === null || start < earliest)) earliest = start;
  }
  if (earliest === null) return null;
  return {
    seconds: Math.max(0, Math.round((earliest - now.getTime()) / 1000)),
    expectedStart: new Date(earliest),
  };
}
