// Live handler: a booked appointment's change (booked, moved, cancelled, arrived, started,
// completed, no-show) reaches the schedule and the lobby of its location. It hands the change to
// the in-process bus, where the realtime bridge (broadcast-domain-events.ts) sends
// `AppointmentChanged` on the location's staff channel.
import { z } from "zod";
import type { DomainEventBus } from "../events/domain-events.ts";
import { APPOINTMENT_EVENT_TYPES } from "../events/outbox.ts";
import { defineEventHandler } from "./event-handler.ts";

export function appointmentRealtimeHandler(events: DomainEventBus) {
  return defineEventHandler({
    name: "appointment-realtime",
    version: 1,
    handles: APPOINTMENT_EVENT_TYPES,
    delivery: "live",
    payload: z.object({ locationId: z.number().int(), startsAt: z.string() }).loose(),
    async handle(event, payload) {
      events.emit("appointmentChanged", {
        vendorId: event.vendorId,
        locationId: payload.locationId,
        appointmentId: event.aggregateId,
        startsAt: payload.startsAt,
      });
    },
  });
}
