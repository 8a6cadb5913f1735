// Response schemas of the lobby API (docs/lobby-api.md): one visitor as the staff see them, and the
// queue document with the location's current estimate and its services, for OpenAPI and the serializer.
import { z } from "zod";
import { BOOKED_THROUGH, QUESTION_TYPES, QUEUE_STATUSES } from "../domain.ts";
import { carDetailsSchema, visitorCallSchema } from "./queue-appointment.ts";
import { deskSchema } from "./queue-appointment-patch.ts";

const instant = z.string().nullable();

export const lobbyEntrySchema = z.object({
  type: z.literal("queue-appointments"),
  id: z.string(),
  attributes: z.object({
    status: z.enum(QUEUE_STATUSES),
    position: z.number().nullable().describe("1 for the front of the line; null unless waiting"),
    ticket: z
      .string()
      .nullable()
      .describe('the short ticket ("A-042"); null for places made before tickets'),
    location_id: z.string(),
    service: z.object({ id: z.string(), name: z.string() }),
    meeting_method: z.number().describe("1 in person, 2 phone, 3 video"),
    fulfillment_method: z.number().describe("1 walk-in, 2 curbside"),
    car_details: carDetailsSchema,
    notes: z.string().nullable(),
    booked_through: z.enum(BOOKED_THROUGH),
    client: z.object({
      id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      cell_phone: z.string().nullable().describe("E.164"),
      cell_phone_formatted: z.string().nullable(),
      notes: z.string().nullable(),
      lang: z.string(),
      receive_sms: z.boolean(),
    }),
    answers: z.array(
      z.object({
        question_id: z.string(),
        type: z.enum(QUESTION_TYPES),
        label: z.string(),
        value: z.union([z.string(), z.number(), z.array(z.number())]),
        /** the answer as words: the text typed, or the texts of the options chosen */
        text: z.array(z.string()),
      }),
    ),
    queued_at: z.string(),
    arrived_at: instant,
    called_at: instant,
    call: visitorCallSchema,
    started_at: instant,
    ended_at: instant,
    waited_seconds: z
      .number()
      .describe(
        "waiting: since queued_at until now; in progress or ended: until the meeting started",
      ),
    quoted_wait_seconds: z.number().nullable(),
    expected_start: instant.describe("while waiting: the wait-time engine's current estimate"),
    wait_seconds: z.number().nullable().describe("while waiting: from now until expected_start"),
    meeting_link: z.string().nullable(),
    dial_in: z
      .object({ e164: z.string(), international: z.string(), pin: z.string().nullable() })
      .nullable(),
    user: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  }),
});
export type LobbyEntry = z.infer<typeof lobbyEntrySchema>;

export const lobbyEntryDocumentSchema = z.object({ data: lobbyEntrySchema });
/** The optional body of call next: the desk the visitor is called to (else the caller's own). */
export const callNextRequestSchema = z
  .object({
    data: z
      .object({
        type: z.literal("queue-calls"),
        attributes: z.object({ desk: deskSchema.nullable().optional() }).strict(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const callNextDocumentSchema = z.object({
  data: lobbyEntrySchema.nullable().describe("null when nobody the caller can serve is waiting"),
});

export const lobbyQueueDocumentSchema = z.object({
  data: z.array(lobbyEntrySchema),
  meta: z.object({
    location: z.object({ id: z.string(), name: z.string(), timezone: z.string() }),
    /** waiting: in line and not called yet; called: waiting for the desk that called them */
    counts: z.object({ waiting: z.number(), called: z.number(), in_progress: z.number() }),
    /** what a visitor joining now would wait; null when nobody on shift can serve a walk-in */
    wait_estimate: z.object({ seconds: z.number(), expected_start: z.string() }).nullable(),
    services: z.array(z.object({ id: z.string(), name: z.string() })),
    generated_at: z.string(),
  }),
});
export type LobbyQueueDocument = z.output<typeof lobbyQueueDocumentSchema>;
