// Live handler: a queue appointment's change reaches the visitor's page, the TV board and the lobby.
// It hands the change to the in-process bus, where the realtime bridge (broadcast-domain-events.ts)
// loads the appointment as the HTTP answer presents it and broadcasts it through the adapter.
import { z } from "zod";
import type { DomainEventBus } from "../events/domain-events.ts";
import { QUEUE_APPOINTMENT_EVENT_TYPES } from "../events/outbox.ts";
import { defineEventHandler } from "./event-handler.ts";

export function realtimeBridgeHandler(events: DomainEventBus) {
  return defineEventHandler({
    name: "realtime-bridge",
    version: 1,
    handles: QUEUE_APPOINTMENT_EVENT_TYPES,
    delivery: "live",
    payload: z.object({ locationId: z.number().int() }).loose(),
    async handle(event, payload) {
      events.emit("queueAppointmentChanged", {
        vendorId: event.vendorId,
        locationId: payload.locationId,
        queueAppointmentId: event.aggregateId,
        change: event.type === "queue_appointment.joined" ? "created" : "updated",
      });
    },
  });
}
