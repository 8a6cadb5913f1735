// Query and response schemas of the message log (GET /api/internal/v1/messages) and of a visit's
// messages (GET /api/internal/v1/queue-appointments/{id}/messages): what was sent or received, and
// what became of it.
import { z } from "zod";
import { MESSAGE_CHANNELS } from "../notifications/message-kinds.ts";
import {
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
  type MessageDirection,
  type MessageStatus,
} from "../notifications/message-statuses.ts";
import { storableText } from "../queue/storable-text.ts";

export { MESSAGE_DIRECTIONS, MESSAGE_STATUSES, type MessageDirection, type MessageStatus };

/** Page size of the log when the query names none, and the largest it may name. */
export const MESSAGE_LOG_DEFAULT_LIMIT = 50;
export const MESSAGE_LOG_MAX_LIMIT = 100;

export const messageLogQuerySchema = z
  .object({
    location_id: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, "Errors.invalid_value")
      .optional()
      .describe("only this location's messages"),
    channel: z.enum(MESSAGE_CHANNELS, "Errors.invalid_value").optional(),
    status: z.enum(MESSAGE_STATUSES, "Errors.invalid_value").optional(),
    direction: z.enum(MESSAGE_DIRECTIONS, "Errors.invalid_value").optional(),
    q: storableText(200).optional().describe("part of the recipient or of the text, any case"),
    before: z
      .string()
      .max(200, "Errors.invalid_value")
      .optional()
      .describe("the `meta.next_cursor` of the previous page"),
    limit: z.coerce
      .number("Errors.invalid_value")
      .int("Errors.invalid_value")
      .min(1, "Errors.invalid_value")
      .max(MESSAGE_LOG_MAX_LIMIT, "Errors.invalid_value")
      .default(MESSAGE_LOG_DEFAULT_LIMIT),
    lang: z.string().max(20).optional().describe("the language of error details"),
  })
  .strict();
export type MessageLogQuery = z.input<typeof messageLogQuerySchema>;

const instant = z.string().describe("ISO 8601, UTC");

export const messageResourceSchema = z.object({
  type: z.literal("messages"),
  id: z.string(),
  attributes: z.object({
    direction: z.enum(MESSAGE_DIRECTIONS),
    channel: z.enum(MESSAGE_CHANNELS),
    kind: z.string().describe('a message kind (message-kinds.ts), or "reply" for an inbound SMS'),
    recipient: z.string().describe("the address or number it went to, or a reply came from"),
    lang: z.string(),
    subject: z.string().nullable(),
    body: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    status_reason: z.string().nullable(),
    provider: z.string().nullable(),
    attempts: z.number().int(),
    created_at: instant,
    sent_at: instant.nullable(),
    delivered_at: instant.nullable(),
    location_id: z.string().nullable(),
    queue_appointment_id: z.string().nullable(),
  }),
});
export type MessageResource = z.output<typeof messageResourceSchema>;

export const messageLogDocumentSchema = z.object({
  data: z.array(messageResourceSchema),
  meta: z.object({
    next_cursor: z
      .string()
      .nullable()
      .describe("pass as `before` for the next page; null: no more"),
  }),
});
export type MessageLogDocument = z.output<typeof messageLogDocumentSchema>;

export const visitMessagesDocumentSchema = z.object({ data: z.array(messageResourceSchema) });
export type VisitMessagesDocument = z.output<typeof visitMessagesDocumentSchema>;
