// Query and response schemas of GET /api/internal/v1/dashboard (docs/lobby-api.md).
import { z } from "zod";
import { calendarDate } from "./calendar-date.ts";

export const dashboardQuerySchema = z
  .object({
    date: calendarDate
      .optional()
      .describe("YYYY-MM-DD, 2000-01-01 to 2099-12-31; default: today in each location's zone"),
    location_id: z.string().max(32).optional().describe("only this location"),
    lang: z.string().max(20).optional().describe("the language of the answer"),
  })
  .strict();

const nullableSeconds = z.number().nullable();

export const locationDaySchema = z.object({
  type: z.literal("location-days"),
  id: z.string().describe("{location id}:{date}"),
  attributes: z.object({
    location_id: z.string(),
    location_name: z.string(),
    timezone: z.string(),
    date: z.string(),
    live: z.boolean().describe("true when the date is the location's today"),
    joined: z.number(),
    served: z.number(),
    no_shows: z.number(),
    cancelled: z.number(),
    waiting_now: z.number().nullable(),
    in_progress_now: z.number().nullable(),
    longest_waiting_now_seconds: nullableSeconds,
    median_wait_seconds: nullableSeconds,
    longest_wait_seconds: nullableSeconds,
    quote_accuracy: z.object({
      count: z.number(),
      median_absolute_error_seconds: nullableSeconds,
      median_bias_seconds: nullableSeconds,
      within_five_minutes_share: z.number().nullable(),
    }),
  }),
});

export const dashboardDocumentSchema = z.object({
  data: z.array(locationDaySchema),
  meta: z.object({ generated_at: z.string() }),
});
export type DashboardDocument = z.output<typeof dashboardDocumentSchema>;
export type LocationDay = z.output<typeof locationDaySchema>;
