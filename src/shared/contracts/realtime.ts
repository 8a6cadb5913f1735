// The realtime payloads (spec §7, docs/realtime.md): each event's data is what Laravel broadcasting
// sends for an event with a `data` property, `{ data: … }`. The server builds them with these types;
// the web client reads them (`import type`) and tests parse them with the schemas.
import { z } from "zod";
import { QUEUE_STATUSES } from "../domain.ts";
import { lobbyEntrySchema } from "./lobby-entry.ts";
import { visitorCallSchema } from "./queue-appointment.ts";

/**
 * A waiting visitor of a location's line, when they are expected to start and how many people are
 * ahead of them (src/server/queue/place-in-line.ts; null for a visitor called to a desk). Not
 * strict: a client reads the members it knows, so members can be added.
 */
export const waitTimeEntrySchema = z.object({
  id: z.string(),
  attributes: z.object({
    expected_start: z.string().nullable(),
    people_ahead: z.number().int().min(0).nullable(),
  }),
});
export type WaitTimeEntry = z.infer<typeof waitTimeEntrySchema>;

/** `WaitTimeRecalculated` (public and staff location channels): every waiting visitor in line order. */
export const waitTimeRecalculatedSchema = z.object({ data: z.array(waitTimeEntrySchema) });
export type WaitTimeRecalculated = z.infer<typeof waitTimeRecalculatedSchema>;

/** `BoardSettingsChanged` (public location channel): the vendor's settings changed; read the board again. */
export const boardSettingsChangedSchema = z.object({ data: z.object({}) });
export type BoardSettingsChanged = z.infer<typeof boardSettingsChangedSchema>;

/** The four live fields of a visitor's appointment, as GET /api/v2/open/queue-appointments/{id} has them. */
export const queueAppointmentLiveAttributesSchema = z.strictObject({
  status: z.enum(QUEUE_STATUSES),
  dial_in: z
    .object({ e164: z.string(), international: z.string(), pin: z.string().nullable() })
    .nullable(),
  meeting_link: z.string().nullable(),
  user: z.object({ full_name: z.string() }).nullable(),
  called_at: z.string().nullable(),
  call: visitorCallSchema,
});
export type QueueAppointmentLiveAttributes = z.infer<typeof queueAppointmentLiveAttributesSchema>;

/** `ManageQueueAppointmentUpdated` (a visitor's appointment channel): the live fields, nothing else. */
export const manageQueueAppointmentUpdatedSchema = z.strictObject({
  data: z.strictObject({ attributes: queueAppointmentLiveAttributesSchema }),
});
export type ManageQueueAppointmentUpdated = z.infer<typeof manageQueueAppointmentUpdatedSchema>;

/** `QueueAppointmentChanged` (staff location channel): the visitor as the HTTP lobby shows them. */
export const queueAppointmentChangedSchema = z.strictObject({ data: lobbyEntrySchema });
export type QueueAppointmentChanged = z.infer<typeof queueAppointmentChangedSchema>;

/**
 * `QueueAppointmentMessagesChanged` (staff location channel): a message of the visit was written,
 * changed status, or a reply came in. The id alone: the lobby refetches the visit's messages when its
 * details are open (GET /api/internal/v1/queue-appointments/{id}/messages).
 */
export const queueAppointmentMessagesChangedSchema = z.strictObject({
  data: z.strictObject({ id: z.string() }),
});
export type QueueAppointmentMessagesChanged = z.infer<typeof queueAppointmentMessagesChangedSchema>;
