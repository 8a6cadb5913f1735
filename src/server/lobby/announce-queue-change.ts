// After a lobby command commits: recalculate the location's wait times (which announces the new
// list) and announce the changed appointment once, so the visitor's page, the TV board and the
// other staff see it live through realtime. Recalculations asked for at once are folded together.
import type { AppCaches } from "../caches/app-caches.ts";
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recalculateWaitTimes } from "../queue/wait-time/recalculate-wait-times.ts";
import { coalesceRecalculations, type RecalculationRunner } from "./coalesce-recalculations.ts";

export type AnnounceDeps = {
  db: Db;
  events: DomainEventBus;
  caches: AppCaches;
  logger?: { error(details: object, message: string): void } | undefined;
};

// One runner per database, so apps sharing a process (tests) never fold each other's locations.
const runners = new WeakMap<Db, RecalculationRunner>();

export async function announceQueueChange(
  deps: AnnounceDeps,
  change: { vendorId: number; locationId: number; queueAppointmentId: number },
): Promise<void> {
  let runner = runners.get(deps.db);
  if (!runner) {
    runner = coalesceRecalculations();
    runners.set(deps.db, runner);
  }
  const scope = { vendorId: change.vendorId, locationId: change.locationId };
  try {
    await runner(`${scope.vendorId}:${scope.locationId}`, async () => {
      const { db, events } = deps;
      await recalculateWaitTimes(
        { db, events, learnedDurations: deps.caches.learnedDurations },
        scope,
      );
    });
  } catch (error) {
    // The change is committed; a failed recalculation leaves expected starts stale until the next one.
    deps.logger?.error(
      { err: error, queueAppointmentId: change.queueAppointmentId },
      "wait-time recalculation after a lobby change failed",
    );
  }
  deps.events.emit("queueAppointmentChanged", { ...change, change: "updated" });
}
