// A queue appointment document as the open API answers it (the appointment with its included
// client, service, location and answers), for OpenAPI, the response serializer and the web.
import { z } from "zod";
import { BOOKED_THROUGH, QUEUE_STATUSES } from "../domain.ts";
import { locationResourceSchema } from "./location.ts";

const ref = <T extends string>(type: T) => z.object({ type: z.literal(type), id: z.string() });
const answerValue = z.union([z.string(), z.number(), z.array(z.number())]);

/** A curbside visitor's car, as both the visitor's and the lobby's documents carry it. */
export const carDetailsSchema = z
  .object({
    make: z.string(),
    model: z.string(),
    colour: z.string(),
    parking_space: z.string().nullable(),
  })
  .nullable();

/**
 * A waiting visitor's call to a desk (docs/queue-statuses.md, "Calling"); null when they are not
 * called, and once their meeting has started or their visit has ended.
 */
export const visitorCallSchema = z
  .object({
    at: z.string().describe("the first call"),
    last_at: z.string().describe("the latest call: the first, or the latest recall"),
    desk: z.string().nullable().describe("the desk or counter the visitor is called to"),
    recall_count: z.number().int(),
  })
  .nullable();
export type VisitorCall = z.infer<typeof visitorCallSchema>;

export const queueAppointmentResourceSchema = z.object({
  type: z.literal("queue-appointments"),
  id: z.string(),
  attributes: z.object({
    status: z.enum(QUEUE_STATUSES),
    confirm_code: z.string(),
    ticket: z
      .string()
      .nullable()
      .describe(
        'the short ticket of the location\'s day ("A-042"); null for places made before tickets',
      ),
    booked_through: z.enum(BOOKED_THROUGH),
    channel_id: z
      .number()
      .nullable()
      .describe("spec §4 channel id: 13 online queue, 14 kiosk, 20 kiosk QR"),
    source: z.string().nullable(),
    location_id: z.string(),
    service_id: z.string(),
    meeting_method: z.number().describe("1 in person / online queue, 2 phone, 3 video"),
    fulfillment_method: z.number().describe("1 walk-in, 2 curbside"),
    car_details: carDetailsSchema,
    notes: z.string().nullable(),
    workflow_id: z.string().nullable(),
    lang: z.string(),
    tracking: z.record(z.string(), z.string()),
    created: z.string(),
    updated: z.string(),
    queued_at: z.string(),
    expected_start: z
      .string()
      .nullable()
      .describe("while waiting: when the visitor is expected to start"),
    wait_seconds: z.number().nullable(),
    quoted_wait_seconds: z.number().nullable(),
    people_ahead: z
      .number()
      .int()
      .min(0)
      .nullable()
      .describe(
        "while waiting and not called: the visitors who joined before and are expected to start no later (docs/wait-time-engine.md, People ahead); else null",
      ),
    called_at: z
      .string()
      .nullable()
      .describe("when the visitor was called (kept once the meeting started or the visit ended)"),
    call: visitorCallSchema,
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    meeting_link: z.string().nullable(),
    dial_in: z
      .object({ e164: z.string(), international: z.string(), pin: z.string().nullable() })
      .nullable(),
    user: z.object({ full_name: z.string() }).nullable(),
    client: z.object({ cell_phone_formatted: z.string().nullable() }),
    feedback_given: z.boolean(),
  }),
  relationships: z.object({
    client: z.object({ data: ref("clients") }),
    service: z.object({ data: ref("services") }),
    location: z.object({ data: ref("locations") }),
    answers: z.object({ data: z.array(ref("answers")) }),
  }),
});

const clientResource = z.object({
  type: z.literal("clients"),
  id: z.string(),
  attributes: z.object({
    external_id: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    cell_phone: z.string().nullable(),
    cell_phone_formatted: z.string().nullable(),
    notes: z.string().nullable(),
    lang: z.string(),
    receive_sms: z.boolean(),
  }),
});

const serviceResource = z.object({
  type: z.literal("services"),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    instructions: z.string().nullable(),
    supports_curbside_pickup: z.boolean(),
    supports_walkin: z.boolean(),
  }),
});

const answerResource = z.object({
  type: z.literal("answers"),
  id: z.string(),
  attributes: z.object({ question_id: z.string(), value: answerValue }),
});

export const queueAppointmentDocumentSchema = z.object({
  data: queueAppointmentResourceSchema,
  included: z.array(
    z.discriminatedUnion("type", [
      clientResource,
      serviceResource,
      locationResourceSchema,
      answerResource,
    ]),
  ),
});
/** The body of PATCH /api/v2/open/queue-appointments/{id}: the visitor cancels with the confirm code. */
export const queueAppointmentCancelSchema = z
  .object({
    data: z
      .object({
        id: z.string().max(32),
        type: z.literal("queue-appointments"),
        attributes: z
          .object({ status: z.enum(QUEUE_STATUSES), confirm_code: z.string().max(200) })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type QueueAppointmentCancel = z.input<typeof queueAppointmentCancelSchema>;

export type QueueAppointmentDocument = z.output<typeof queueAppointmentDocumentSchema>;
export type QueueAppointmentResource = QueueAppointmentDocument["data"];
