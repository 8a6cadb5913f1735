// After a lobby command commits: recalculate the location's wait times (which announces the new
// list) and announce the changed appointment once, so the visitor's page, the TV board and the
// other staff see it live through realtime.
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recalculateWaitTimes } from "../queue/wait-time/recalculate-wait-times.ts";

export type AnnounceDeps = {
  db: Db;
  events: DomainEventBus;
  logger?: { error(details: object, message: string): void } | undefined;
};

export async function announceQueueChange(
  deps: AnnounceDeps,
  change: { vendorId: number; locationId: number; queueAppointmentId: number },
): Promise<void> {
  try {
    await recalculateWaitTimes(
      { db: deps.db, events: deps.events },
      { vendorId: change.vendorId, locationId: change.locationId },
    );
  } catch (error) {
    // The change is committed; a failed recalculation leaves expected starts stale until the next one.
    deps.logger?.error(
      { err: error, queueAppointmentId: change.queueAppointmentId },
      "wait-time recalculation after a lobby change failed",
    );
  }
  deps.events.emit("queueAppointmentChanged", { ...change, change: "updated" });
}
