// The JSON:API document of POST /api/v2/open/queue-appointments (docs/api.md): its shape as a strict
// zod schema (unknown members are refused), and the mapping between it and the flat JoinInput
// of the shared rules, both ways, so field errors point into the document the client sent.
import { z } from "zod";
import { VISITOR_BOOKING_SOURCES } from "../../shared/queue/booking-source.ts";
import type { JoinInput } from "../../shared/queue/join-schema.ts";
import { storableText } from "../../shared/queue/storable-text.ts";
import { jsonPointer, resourceIdValue } from "../http/json-api.ts";

// Bounds here only keep a request small; the shared rules give the real limits and messages.
const text = (max: number) => storableText(max).nullish();

const clientAttributes = z
  .object({
    first_name: storableText(500),
    last_name: storableText(500),
    email: text(500),
    cell_phone: text(100),
    notes: text(10_000),
    receive_sms: z.boolean().optional(),
  })
  .strict();

const answerDocument = z
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

/** The flat form data the shared join rules check. */
export function joinInputFromDocument(document: JoinDocument): JoinInput {
  const a = document.data.attributes;
  const client = document.data.relationships.client.data.attributes;
  return {
    first_name: client.first_name,
    last_name: client.last_name,
    email: client.email ?? null,
    cell_phone: client.cell_phone ?? null,
    receive_sms: client.receive_sms ?? false,
    client_notes: client.notes ?? null,
    notes: a.notes ?? null,
    meeting_method: a.meeting_method ?? 1,
    fulfillment_method: a.fulfillment_method ?? null,
    car_details: a.car_details ?? null,
    answers: (document.data.relationships.answers?.data ?? []).map((answer) => ({
      question_id: answer.attributes.question_id,
      value: answer.attributes.value,
    })),
    explicit_compliance_agreement: a.explicit_compliance_agreement ?? false,
  };
}

const CLIENT_FIELDS: Record<string, string> = {
  first_name: "first_name",
  last_name: "last_name",
  email: "email",
  cell_phone: "cell_phone",
  receive_sms: "receive_sms",
  client_notes: "notes",
};

/** Where a flat JoinInput path lives in the document: the pointer of its field error. */
export function joinDocumentPointer(path: (string | number)[]): string {
  const [head, ...rest] = path;
  if (typeof head === "string" && head in CLIENT_FIELDS) {
    return jsonPointer([
      "data",
      "relationships",
      "client",
      "data",
      "attributes",
      CLIENT_FIELDS[head]!,
      ...rest,
    ]);
  }
  if (head === "answers" && typeof rest[0] === "number") {
    return jsonPointer([
      "data",
      "relationships",
      "answers",
      "data",
      rest[0],
      "attributes",
      ...rest.slice(1),
    ]);
  }
  if (head === "questions" || head === "answers")
    return jsonPointer(["data", "relationships", "answers"]);
  if (head === undefined) return jsonPointer(["data"]);
  return jsonPointer(["data", "attributes", ...path]);
}

/** utm_* attributes kept for reports (spec §2 tracking parameters). */
export function trackingOf(document: JoinDocument): Record<string, string> {
  const tracking: Record<string, string> = {};
  for (const name of TRACKING_PARAMETERS) {
    const value = document.data.attributes[name];
    if (value) tracking[name] = value;
  }
  return tracking;
}
