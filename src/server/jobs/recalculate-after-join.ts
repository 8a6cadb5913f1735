// Live handler: after a join, the location's wait times are recalculated and the longer line is
// published. A join changes nobody's wait ahead of it, so the recalculation is shared by the joins
// of the next moment (scheduleWaitTimeRecalculation); run from the event, it survives a crash
// between the join's commit and its recalculation.
import { z } from "zod";
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import type { LearnedDurationsCache } from "../queue/wait-time/learn-service-durations.ts";
import { scheduleWaitTimeRecalculation } from "../queue/wait-time/recalculate-wait-times.ts";
import { defineEventHandler } from "./event-handler.ts";

export function recalculateAfterJoinHandler(deps: {
  db: Db;
  events: DomainEventBus;
  logger: { error(details: object, message: string): void };
  learnedDurations: LearnedDurationsCache;
}) {
  return defineEventHandler({
    name: "recalculate-after-join",
    version: 1,
    handles: ["queue_appointment.joined"],
    delivery: "live",
    payload: z.object({ locationId: z.number().int() }).loose(),
    async handle(event, payload) {
      scheduleWaitTimeRecalculation(deps, {
        vendorId: event.vendorId,
        locationId: payload.locationId,
      });
    },
  });
}
