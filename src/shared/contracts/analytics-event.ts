// POST /api/v2/open/analytics-events: a page view or a booking success or failure, with flat
// snake_case properties (spec §7 "Analytics page views and booking success/failure events").
import { z } from "zod";
import { storableText } from "../queue/storable-text.ts";

export const ANALYTICS_EVENT_NAMES = ["page_view", "booking_success", "booking_failure"] as const;

// storableText: jsonb cannot hold U+0000 or a lone surrogate, which would otherwise be a 500.
const propertyValue = z.union([storableText(200), z.number().finite(), z.boolean(), z.null()]);

export const analyticsEventDocumentSchema = z
  .object({
    data: z
      .object({
        type: z.literal("analytics-events"),
        attributes: z
          .object({
            name: z.enum(ANALYTICS_EVENT_NAMES),
            properties: z
              .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), propertyValue)
              .refine((p) => Object.keys(p).length <= 20, "Errors.invalid_value")
              .default({}),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();

export type AnalyticsEventDocument = z.input<typeof analyticsEventDocumentSchema>;
