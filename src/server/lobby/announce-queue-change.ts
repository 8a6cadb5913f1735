// After a lobby command commits: recalculate the location's wait times (which announces the new
// list), then have the dispatcher hand on the command's domain events at once (the changed
// appointment reaches the visitor's page, the TV board and the other staff through realtime).
// Recalculations asked for at once are folded together by recalculateWaitTimes itself.
import type { AppCaches } from "../caches/app-caches.ts";
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recalculateWaitTimes } from "../queue/wait-time/recalculate-wait-times.ts";

export type AnnounceDeps = {
  db: Db;
  events: DomainEventBus;
  caches: AppCaches;
  logger?: { error(details: object, message: string): void } | undefined;
};

export async function announceQueueChange(
  deps: AnnounceDeps,
  change: { vendorId: number; locationId: number; queueAppointmentId: number },
): Promise<void> {
  const scope = { vendorId: change.vendorId, locationId: change.locationId };
  try {
    await recalculateWaitTimes(
      { db: deps.db, events: deps.events, learnedDurations: deps.caches.learnedDurations },
      scope,
    );
  } catch (error) {
    // The change is committed; a failed recalculation leaves expected starts stale until the next one.
    deps.logger?.error(
      { err: error, queueAppointmentId: change.queueAppointmentId },
      "wait-time recalculation after a lobby change failed",
    );
  }
  deps.events.emit("eventsRecorded", {});
}
