// Live handler: after a join, the location's wait times are recalculated and the longer line is
// published. A join changes nobody's wait ahead of it, so the recalculation is shared by the joins
// of the next moment (scheduleWaitTimeRecalculation); run from the event, it survives a crash
// between the join's commit and its recalculation. The same for an appointment booked, moved or
// cancelled (it holds a staff member the line's lanes count on), and for a no-show nobody pressed (the
// vendor's auto no-show, swept by a job that may run on a worker without the realtime server); and
// for an appointment started, completed or missed (its staff member's time frees or moves): the
// line it shortens is published by whichever node dispatches the event. Staff's own changes
// recalculate after their command commits.
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
    handles: [
      "queue_appointment.joined",
      "queue_appointment.no_show",
      // a booked appointment holds its staff member: the lanes of the line change with it
      "appointment.booked",
      "appointment.rescheduled",
      "appointment.cancelled",
      // started early or late, finished early, never came: the staff member's time changes
      "appointment.started",
      "appointment.completed",
      "appointment.no_show",
    ],
    delivery: "live",
    payload: z
      .object({ locationId: z.number().int(), actorUserId: z.number().int().nullish() })
      .loose(),
    async handle(event, payload) {
      if (event.type === "queue_appointment.no_show" && payload.actorUserId != null) return;
      scheduleWaitTimeRecalculation(deps, {
        vendorId: event.vendorId,
        locationId: payload.locationId,
      });
    },
  });
}
