// Durable handler: a booked appointment's changes become the messages its client is owed — the
// booking, the new time when it is moved, the cancellation (by the client too: the cancelling
// calendar file takes it out of their calendar). Each message is written once per event, so a job
// run twice queues nothing new; the sender checks each against the appointment as it is when
// sent (no "booked" once cancelled) and attaches the calendar file to the email.
import { z } from "zod";
import type { Db } from "../db/client.ts";
import type { DispatchedEvent } from "../events/outbox.ts";
import {
  type AppointmentMessageKind,
  composeAppointmentMessages,
} from "../notifications/compose-appointment-messages.ts";
import type { SiteLinks } from "../notifications/compose-visitor-messages.ts";
import { insertMessages } from "../notifications/message-store.ts";
import { defineEventHandler } from "./event-handler.ts";

const payload = z.object({ locationId: z.number().int() }).passthrough();

const KIND_OF_EVENT: Record<string, AppointmentMessageKind> = {
  "appointment.booked": "appointment_booked",
  "appointment.rescheduled": "appointment_rescheduled",
  "appointment.cancelled": "appointment_cancelled",
};

export function notifyAppointmentClientsHandler(deps: {
  db: Db;
  site: SiteLinks;
  wakeSender: () => void;
}) {
  return defineEventHandler({
    name: "notify-appointment-clients",
    version: 1,
    handles: ["appointment.booked", "appointment.rescheduled", "appointment.cancelled"],
    delivery: "durable",
    payload,
    async handle(event: DispatchedEvent) {
      const kind = KIND_OF_EVENT[event.type];
      if (!kind) return;
      const drafts = await composeAppointmentMessages(deps.db, {
        appointmentId: event.aggregateId,
        kinds: [kind],
        cause: `event:${event.id}`,
        site: deps.site,
      });
      const inserted = await insertMessages(deps.db, drafts);
      if (inserted.length > 0) deps.wakeSender();
    },
  });
}
