// A location's opening hours as the back office edits them (docs/admin-hours.md): the weekly hours
// (GET/PUT /api/internal/v1/locations/{id}/hours), the dated adjustments — one-off closures and
// special hours, yearly holidays — (GET/POST /locations/{id}/adjustments, PATCH/DELETE
// /locations/{id}/adjustments/{adjustmentId}) and the days ahead as visitors will see them
// (GET /locations/{id}/hours/preview). Times are wall-clock HH:mm in the location's time zone.
// A day is a list of opening periods (09:00–12:00 and 13:00–17:00: closed at lunch); a lone
// {open, closed} is still taken as one period, for clients written before there could be several.
import { z } from "zod";
import { WEEKDAYS, type Weekday } from "../domain.ts";
import { MAX_PERIODS_PER_DAY, type OpeningInterval, sortIntervals } from "../opening-hours.ts";
import { storableText } from "../queue/storable-text.ts";
import { calendarDate } from "./calendar-date.ts";

export const HOURS_MESSAGES = {
  invalidTime: "Office.hours.error.invalid_time",
  closeBeforeOpen: "Office.hours.error.close_before_open",
  dateTaken: "Office.hours.error.date_taken",
  overlap: "Office.hours.error.overlap",
  tooManyPeriods: "Office.hours.error.too_many_periods",
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const wallClockTime = z.string().regex(TIME, HOURS_MESSAGES.invalidTime);

/** One opening period; the close must come after the open on the same day. */
export const dayHoursInputSchema = z
  .object({ open: wallClockTime, closed: wallClockTime })
  .strict()
  .superRefine((value, ctx) => {
    if (TIME.test(value.open) && TIME.test(value.closed) && value.closed <= value.open) {
      ctx.addIssue({ code: "custom", message: HOURS_MESSAGES.closeBeforeOpen, path: ["closed"] });
    }
  });

/** A list of periods (at most six): periods that overlap or touch are refused on the later one's open. */
const periodListSchema = z
  .array(dayHoursInputSchema)
  .max(MAX_PERIODS_PER_DAY, HOURS_MESSAGES.tooManyPeriods)
  .superRefine((periods, ctx) => {
    const order = periods
      .map((period, index) => ({ period, index }))
      .sort((a, b) => compareOpen(a.period, b.period));
    for (let i = 1; i < order.length; i++) {
      const before = order[i - 1];
      const current = order[i];
      if (before && current && current.period.open <= before.period.closed) {
        const index = Math.max(before.index, current.index);
        ctx.addIssue({ code: "custom", message: HOURS_MESSAGES.overlap, path: [index, "open"] });
      }
    }
  });

const compareOpen = (a: OpeningInterval, b: OpeningInterval) =>
  a.open < b.open ? -1 : a.open > b.open ? 1 : 0;

/**
 * One day's periods: a list (sorted on the way in; empty: closed), a lone interval as older
 * clients send it, or null for closed. Checked by the list's or the interval's own schema, so a
 * refusal points into what was sent (`.../tuesday/1/closed`, or `.../tuesday/closed`) rather than
 * at a union of both.
 */
export const dayPeriodsInputSchema = z
  .unknown()
  .describe(
    `a list of { open, closed } periods (at most ${MAX_PERIODS_PER_DAY}, apart; empty: closed), one { open, closed }, or null: closed`,
  )
  .transform((value, ctx): OpeningInterval[] | null => {
    if (value === null) return null;
    const result = Array.isArray(value)
      ? periodListSchema.safeParse(value)
      : dayHoursInputSchema.transform((period) => [period]).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue });
      return z.NEVER;
    }
    return result.data.length > 0 ? sortIntervals(result.data) : null;
  });

const openingIntervalSchema = z.object({ open: z.string(), closed: z.string() });
const dayHoursSchema = z
  .array(openingIntervalSchema)
  .nullable()
  .describe("the day's opening periods in order; null: closed all day");

/** Every weekday named: its periods, or null for closed all day. */
export const weeklyHoursInputSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayPeriodsInputSchema])) as Record<
      Weekday,
      typeof dayPeriodsInputSchema
    >,
  )
  .strict();

export const locationHoursDocumentSchema = z.object({
  data: z.object({
    type: z.literal("location-hours"),
    id: z.string().describe("the location id"),
    attributes: z.object({
      timezone: z.string().describe("IANA time zone the times are in"),
      weekly: z.record(z.string(), dayHoursSchema).describe("per weekday; null: closed"),
      version: z.number().int().describe("the location's version (also the ETag)"),
    }),
  }),
});
export type LocationHoursDocument = z.output<typeof locationHoursDocumentSchema>;

export const locationHoursInputSchema = z
  .object({
    data: z
      .object({
        type: z.literal("location-hours"),
        attributes: z.object({ weekly: weeklyHoursInputSchema }).strict(),
      })
      .strict(),
  })
  .strict();
export type LocationHoursInput = z.input<typeof locationHoursInputSchema>;

const adjustmentAttributes = z.object({
  date: z.string().describe("YYYY-MM-DD; for a yearly one, its first year"),
  name: z.string().nullable(),
  hours: dayHoursSchema.describe("null: closed all day"),
  recurs_yearly: z.boolean(),
  /** for a yearly one, the next date it applies on (today included); else its date */
  next_date: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
});

export const adjustmentResourceSchema = z.object({
  type: z.literal("location-hour-adjustments"),
  id: z.string(),
  attributes: adjustmentAttributes,
});
export type HourAdjustmentResource = z.output<typeof adjustmentResourceSchema>;

export const adjustmentDocumentSchema = z.object({ data: adjustmentResourceSchema });
export type HourAdjustmentDocument = z.output<typeof adjustmentDocumentSchema>;

export const adjustmentListDocumentSchema = z.object({
  data: z.array(adjustmentResourceSchema),
  meta: z.object({
    from: z.string(),
    to: z.string().nullable(),
    timezone: z.string(),
    today: z.string().describe("the location's local date now"),
  }),
});
export type HourAdjustmentListDocument = z.output<typeof adjustmentListDocumentSchema>;

export const adjustmentListQuerySchema = z
  .object({
    from: calendarDate.optional().describe("first date listed (default: today at the location)"),
    to: calendarDate.optional().describe("last date listed (default: no end)"),
  })
  .strict();

const nameInput = storableText(100)
  .transform((value) => value.trim())
  .nullable()
  .optional();

export const adjustmentInputSchema = z
  .object({
    data: z
      .object({
        type: z.literal("location-hour-adjustments"),
        attributes: z
          .object({
            date: calendarDate,
            name: nameInput,
            hours: dayPeriodsInputSchema,
            recurs_yearly: z.boolean().optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type HourAdjustmentInput = z.input<typeof adjustmentInputSchema>;

export const adjustmentPatchSchema = z
  .object({
    data: z
      .object({
        type: z.literal("location-hour-adjustments"),
        id: z.string().optional(),
        attributes: z
          .object({
            date: calendarDate.optional(),
            name: nameInput,
            hours: dayPeriodsInputSchema.optional(),
            recurs_yearly: z.boolean().optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type HourAdjustmentPatch = z.input<typeof adjustmentPatchSchema>;

export const hoursPreviewQuerySchema = z
  .object({
    days: z
      .string()
      .regex(/^[1-9]\d?$/, "Errors.invalid_value")
      .transform(Number)
      .refine((n) => n <= 62, "Errors.invalid_value")
      .optional(),
  })
  .strict();

export const hoursPreviewDocumentSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal("location-hour-days"),
      id: z.string().describe("the local date"),
      attributes: z.object({
        date: z.string(),
        weekday: z.enum(WEEKDAYS),
        hours: dayHoursSchema,
        adjustment: z
          .object({ id: z.string(), name: z.string().nullable(), recurs_yearly: z.boolean() })
          .nullable(),
      }),
    }),
  ),
  meta: z.object({ timezone: z.string() }),
});
export type HoursPreviewDocument = z.output<typeof hoursPreviewDocumentSchema>;

export const locationPathSchema = z.object({ id: z.string() }).strict();
export const adjustmentPathSchema = z.object({ id: z.string(), adjustmentId: z.string() }).strict();
