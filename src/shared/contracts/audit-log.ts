// GET /api/internal/v1/audit-log: the history of one back-office object, newest first — who changed
// it, when, and the object before and after (docs/admin-api.md).
import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES } from "../audit.ts";
import { resourceIdString } from "./resource-id.ts";

export const AUDIT_LOG_DEFAULT_LIMIT = 20;
export const AUDIT_LOG_MAX_LIMIT = 100;

export const auditLogQuerySchema = z
  .object({
    subject_type: z.enum(AUDIT_SUBJECT_TYPES, "Errors.invalid_value"),
    subject_id: resourceIdString.describe("the object's id"),
    before: z
      .string()
      // Entry ids stay far below 2^53, so a cursor is exact as a number.
      .regex(/^[1-9]\d{0,14}$/, "Errors.invalid_value")
      .optional()
      .describe("the `meta.next_cursor` of the previous page"),
    limit: z.coerce
      .number("Errors.invalid_value")
      .int("Errors.invalid_value")
      .min(1, "Errors.invalid_value")
      .max(AUDIT_LOG_MAX_LIMIT, "Errors.invalid_value")
      .default(AUDIT_LOG_DEFAULT_LIMIT),
    lang: z.string().max(20).optional().describe("the language of error details"),
  })
  .strict();
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  type: z.literal("audit-entries"),
  id: z.string(),
  attributes: z.object({
    subject_type: z.enum(AUDIT_SUBJECT_TYPES),
    subject_id: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    actor: z
      .object({ id: z.string(), full_name: z.string() })
      .nullable()
      .describe("null for a change the system made"),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    changed: z
      .array(z.string())
      .describe("the attributes whose value differs between before and after"),
    created_at: z.string().describe("ISO 8601, UTC"),
  }),
});

export const auditLogDocumentSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({ next_cursor: z.string().nullable() }),
});

export type AuditEntry = z.output<typeof auditEntrySchema>;
export type AuditLogDocument = z.output<typeof auditLogDocumentSchema>;
