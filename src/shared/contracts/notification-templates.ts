// The message templates of a vendor and its locations, as the notification settings pages edit them:
// GET /api/internal/v1/notification-templates?audience=&lang=[&location_id=],
// PUT and DELETE /api/internal/v1/notification-templates/{kind}/{channel}/{lang}.

import { z } from "zod";
import { LOCALES } from "../domain.ts";
import { MESSAGE_CHANNELS, MESSAGE_KIND_NAMES } from "../notifications/message-kinds.ts";
import { storableText } from "../queue/storable-text.ts";
import { resourceIdValue } from "./resource-id.ts";

export const MESSAGE_AUDIENCES = ["client", "staff", "location"] as const;

export const notificationTemplatesQuerySchema = z
  .object({
    audience: z.enum(MESSAGE_AUDIENCES).describe("which settings page: client, staff or location"),
    lang: z.enum(LOCALES).describe("the language of the templates"),
    location_id: z
      .string()
      .max(32)
      .optional()
      .describe("also the location's own templates, and the effective ones there"),
  })
  .strict();

export const notificationTemplateParamsSchema = z
  .object({
    kind: z.string().max(64),
    channel: z.string().max(16),
    lang: z.string().max(16),
  })
  .strict();

export const templateLocationQuerySchema = z
  .object({ location_id: z.string().max(32).optional().describe("the location's own template") })
  .strict();

const text = z.object({ subject: z.string().nullable(), body: z.string() });
const stored = text.extend({ updated_at: z.string() });

export const notificationTemplateSchema = z.object({
  type: z.literal("notification-templates"),
  id: z.string().describe("{kind}:{channel}:{lang}"),
  attributes: z.object({
    kind: z.enum(MESSAGE_KIND_NAMES as [string, ...string[]]),
    channel: z.enum(MESSAGE_CHANNELS),
    lang: z.enum(LOCALES),
    /** the names the template may use, `{first_name}` … */
    variables: z.array(z.string()),
    /** the product's wording with the vendor's synonyms */
    default: text,
    vendor: stored.nullable().describe("the vendor's own template, if any"),
    location: stored
      .nullable()
      .describe("the location's own template, if any (only with location_id)"),
    effective: text.describe("what is sent (at the location, with location_id)"),
    source: z.enum(["default", "vendor", "location"]),
  }),
});
export type NotificationTemplate = z.output<typeof notificationTemplateSchema>;

export const notificationTemplateListSchema = z.object({
  data: z.array(notificationTemplateSchema),
});
export type NotificationTemplateList = z.output<typeof notificationTemplateListSchema>;

export const notificationTemplateDocumentSchema = z.object({ data: notificationTemplateSchema });

/** PUT: the new wording; `location_id` makes it that location's own. */
export const notificationTemplateInputSchema = z
  .object({
    data: z
      .object({
        type: z.literal("notification-templates"),
        attributes: z
          .object({
            subject: storableText(500).nullable().optional(),
            body: storableText(5000),
            location_id: resourceIdValue.nullable().optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type NotificationTemplateInput = z.input<typeof notificationTemplateInputSchema>;
