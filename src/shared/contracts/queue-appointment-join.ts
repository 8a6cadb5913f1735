// The JSON:API document of POST /api/v2/open/queue-appointments (docs/api.md) as a strict zod
// schema: unknown members are refused. The web builds it; the join route parses it.
import { z } from "zod";
import { VISITOR_BOOKING_SOURCES } from "../queue/booking-source.ts";
import { storableText } from "../queue/storable-text.ts";
import { resourceIdValue } from "./resource-id.ts";

// Bounds here only keep a request small; the shared rules give the real limits and messages.
const text = (max: number) => storableText(max).nullish();

/** Every field of the client relationship spec §3 lists (a join's and a booking's alike). */
export const clientAttributes = z
  .object({
    external_id: text(1000).describe("the vendor's own id of the client, at most 255 characters"),
    first_name: storableText(500),
    last_name: storableText(500),
    email: text(500),
    cell_phone: text(100),
    notes: text(10_000),
    lang: text(100).describe(
      "the client's language for messages: en, es, fr, ko, pl, pt-BR, ru or zh-CN (the page's language when absent)",
    ),
    receive_sms: z.boolean().optional(),
  })
  .strict();

/** One answer to a service's question (a join's and a booking's alike). */
export const answerDocument = z
  .object({
    type: z.literal("answers"),
    attributes: z
      .object({
        question_id: resourceIdValue,
        value: z.union([
          storableText(10_000),
          z.number(),
          z.array(z.union([z.number(), z.string().max(20)])).max(200),
          z.null(),
        ]),
      })
      .strict(),
  })
  .strict();

export const TRACKING_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;

const attributes = z
  .object({
    location_id: resourceIdValue,
    service_id: resourceIdValue,
    meeting_method: z
      .union([z.literal(1), z.literal(2), z.literal(3)])
      .optional()
      .describe("1 in person (default), 2 phone, 3 video"),
    fulfillment_method: z
      .union([z.literal(1), z.literal(2)])
      .nullish()
      .describe("1 walk-in, 2 curbside; forced by the service when it allows one"),
    car_details: z
      .object({ make: text(500), model: text(500), colour: text(500), parking_space: text(500) })
      .strict()
      .nullish(),
    notes: text(10_000),
    workflow_id: text(100),
    booked_through: z.enum(VISITOR_BOOKING_SOURCES).optional(),
    mode: storableText(32)
      .optional()
      .describe("the page's mode query value: kiosk, kiosk_qr, invitation, …"),
    source: text(100),
    utm_source: text(200),
    utm_medium: text(200),
    utm_campaign: text(200),
    utm_term: text(200),
    utm_content: text(200),
    lang: text(20),
    explicit_compliance_agreement: z.boolean().optional(),
  })
  .strict();

export const joinDocumentSchema = z
  .object({
    data: z
      .object({
        type: z.literal("queue-appointments"),
        attributes,
        relationships: z
          .object({
            client: z
              .object({
                data: z
                  .object({ type: z.literal("clients"), attributes: clientAttributes })
                  .strict(),
              })
              .strict(),
            answers: z
              .object({ data: z.array(answerDocument).max(200) })
              .strict()
              .optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type JoinDocument = z.output<typeof joinDocumentSchema>;
