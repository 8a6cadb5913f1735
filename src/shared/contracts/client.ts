// The back office's clients (docs/clients.md): GET /api/internal/v1/clients?search= (search by
// name, email or phone), GET|PATCH /api/internal/v1/clients/{id} (If-Match: its version),
// GET /clients/{id}/appointments, /walk-ins and /timeline (cursor pages, newest first), and
// POST /clients/{id}/merge (a duplicate's visits, appointments and messages move to this client).
import { z } from "zod";
import { storableText } from "../queue/storable-text.ts";
import { resourceIdValue } from "./resource-id.ts";
import { staffAppointmentResourceSchema } from "./schedule.ts";

export const CLIENT_SEARCH_MAX = 200;

/** GET /clients?search=&page[cursor]=: at most 50 a page, best matches first. */
export const clientListQuerySchema = z
  .object({
    search: storableText(CLIENT_SEARCH_MAX).optional(),
    "page[cursor]": z.string().max(200).optional(),
  })
  .strict();

/**
 * GET /clients/{id}/appointments, /walk-ins, /timeline: 50 a page, the next one by its cursor.
 * Other query parameters are ignored, as on GET /clients/{id}.
 */
export const clientPageQuerySchema = z.object({ "page[cursor]": z.string().max(200).optional() });

export const clientResourceSchema = z.object({
  type: z.literal("clients"),
  id: z.string(),
  attributes: z.object({
    external_id: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    cell_phone: z.string().nullable().describe("E.164"),
    cell_phone_formatted: z.string().nullable(),
    notes: z.string().nullable(),
    lang: z.string(),
    receive_sms: z.boolean(),
    version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    /** the latest visit or appointment, for telling namesakes apart */
    last_seen_at: z.string().nullable(),
    visits: z.number().int().describe("queue visits (walk-ins)"),
    appointments: z.number().int(),
  }),
});
export type ClientResource = z.infer<typeof clientResourceSchema>;
export const clientDocumentSchema = z.object({ data: clientResourceSchema });
export type ClientDocument = z.infer<typeof clientDocumentSchema>;
export const clientListDocumentSchema = z.object({
  data: z.array(clientResourceSchema),
  links: z.object({ next: z.string().nullable() }),
});
export type ClientListDocument = z.infer<typeof clientListDocumentSchema>;

const optionalText = (max: number) => storableText(max).nullable();

/** PATCH /clients/{id}: the contact details to change, under the same rules as the visitor form's. */
export const clientPatchSchema = z
  .object({
    data: z
      .object({
        type: z.literal("clients", "Errors.invalid_value"),
        id: z.string().max(12).optional(),
        attributes: z
          .object({
            external_id: optionalText(255),
            first_name: storableText(500).refine((v) => v.trim() !== "", "Errors.required"),
            last_name: storableText(500).refine((v) => v.trim() !== "", "Errors.required"),
            email: optionalText(500),
            cell_phone: optionalText(100),
            notes: optionalText(10_000),
            lang: z.enum(
              ["en", "es", "fr", "ko", "pl", "pt-BR", "ru", "zh-CN"],
              "Errors.invalid_value",
            ),
            receive_sms: z.boolean("Errors.invalid_value"),
          })
          .partial()
          .strict(),
      })
      .strict(),
  })
  .strict();
export type ClientPatchInput = z.input<typeof clientPatchSchema>;

/** POST /clients/{id}/merge: `duplicate_id`'s records join this client; the duplicate is retired. */
export const clientMergeSchema = z
  .object({
    data: z
      .object({
        type: z.literal("client-merges", "Errors.invalid_value"),
        attributes: z.object({ duplicate_id: resourceIdValue }).strict(),
      })
      .strict(),
  })
  .strict();
export type ClientMergeInput = z.input<typeof clientMergeSchema>;

/** GET /clients/{id}/appointments: booked appointments, newest first. */
export const clientAppointmentsDocumentSchema = z.object({
  data: z.array(staffAppointmentResourceSchema),
  links: z.object({ next: z.string().nullable() }),
});
export type ClientAppointmentsDocument = z.infer<typeof clientAppointmentsDocumentSchema>;

/** GET /clients/{id}/walk-ins: queue visits, newest first. */
export const clientWalkInResourceSchema = z.object({
  type: z.literal("queue-appointments"),
  id: z.string(),
  attributes: z.object({
    ticket: z.string().nullable(),
    status: z.string(),
    location_id: z.string(),
    location_name: z.string(),
    service_name: z.string(),
    staff_name: z.string().nullable(),
    meeting_method: z.number().int(),
    booked_through: z.string(),
    created: z.string(),
    called_at: z.string().nullable(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    wait_seconds: z.number().int().nullable().describe("from joining to the start of service"),
    feedback_rating: z.number().int().nullable(),
    time_zone: z.string(),
  }),
});
export type ClientWalkInResource = z.infer<typeof clientWalkInResourceSchema>;
export const clientWalkInsDocumentSchema = z.object({
  data: z.array(clientWalkInResourceSchema),
  links: z.object({ next: z.string().nullable() }),
});
export type ClientWalkInsDocument = z.infer<typeof clientWalkInsDocumentSchema>;

/**
 * GET /clients/{id}/timeline: every visit, appointment, message and change of the client, newest
 * first. `kind` names what happened; `summary` values fill the page's message for that kind.
 */
export const TIMELINE_KINDS = [
  "visit_joined",
  "visit_called",
  "visit_started",
  "visit_completed",
  "visit_cancelled",
  "visit_no_show",
  "visit_transferred",
  "appointment_booked",
  "appointment_rescheduled",
  "appointment_cancelled",
  "appointment_arrived",
  "appointment_started",
  "appointment_completed",
  "appointment_no_show",
  "message_sent",
  "message_received",
  "feedback",
  "client_updated",
  "client_merged",
] as const;
export const clientTimelineEntrySchema = z.object({
  type: z.literal("timeline-entries"),
  id: z.string().describe("{source}:{id}, stable across pages"),
  attributes: z.object({
    kind: z.enum(TIMELINE_KINDS),
    at: z.string(),
    time_zone: z.string().nullable(),
    actor_name: z
      .string()
      .nullable()
      .describe("the staff member who did it; null: the client or the system"),
    location_name: z.string().nullable(),
    service_name: z.string().nullable(),
    channel: z.enum(["email", "sms"]).nullable(),
    /** a message's status, a feedback rating, a visit's ticket: what the kind needs */
    detail: z.string().nullable(),
    queue_appointment_id: z.string().nullable(),
    appointment_id: z.string().nullable(),
  }),
});
export type ClientTimelineEntry = z.infer<typeof clientTimelineEntrySchema>;
export const clientTimelineDocumentSchema = z.object({
  data: z.array(clientTimelineEntrySchema),
  links: z.object({ next: z.string().nullable() }),
});
export type ClientTimelineDocument = z.infer<typeof clientTimelineDocumentSchema>;
