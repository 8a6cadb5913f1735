// GET /api/v2/open/availability: the free appointment slots of a service at a location over a
// range of its local days, for any staff member or one (docs/api.md "Availability").
import { z } from "zod";
import type { BookingMeetingMethod } from "../services/booking-methods.ts";
import { calendarDate } from "./calendar-date.ts";
import { resourceIdString } from "./resource-id.ts";

/** The most days one request may ask for, both ends included. */
export const AVAILABILITY_MAX_DAYS = 62;
export const AVAILABILITY_MAX_ATTENDEES = 50;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

export const availabilityQuerySchema = z
  .object({
    service_id: resourceIdString.describe("the service to book"),
    location_id: resourceIdString.describe("the location, a public one"),
    staff_id: resourceIdString
      .optional()
      .describe("only this staff member's slots; default: any staff member who can serve"),
    meeting_method: z
      .enum(["1", "2", "3", "4"], "Errors.invalid_value")
      .default("1")
      .transform((value) => Number(value) as BookingMeetingMethod)
      .describe("1 in person (default), 2 phone, 3 video, 4 off site"),
    from: calendarDate.describe("the first local date at the location, YYYY-MM-DD"),
    to: calendarDate.describe(
      `the last local date, YYYY-MM-DD: not before from, at most ${AVAILABILITY_MAX_DAYS} days in all`,
    ),
    attendees: z
      .string()
      .regex(/^[1-9]\d{0,1}$/, "Errors.invalid_value")
      .default("1")
      .transform(Number)
      .refine((count) => count <= AVAILABILITY_MAX_ATTENDEES, "Errors.invalid_value")
      .describe(
        `people coming, 1–${AVAILABILITY_MAX_ATTENDEES} (default 1): a room must hold them`,
      ),
    lang: z.string().max(20).optional().describe("the language of error details"),
  })
  .strict()
  .superRefine((query, context) => {
    // A date refused above is the only problem to report about it.
    if (!calendarDate.safeParse(query.from).success || !calendarDate.safeParse(query.to).success)
      return;
    const days = daysBetween(query.from, query.to);
    if (days < 0)
      context.addIssue({ code: "custom", path: ["to"], message: "Availability.range_reversed" });
    else if (days + 1 > AVAILABILITY_MAX_DAYS)
      context.addIssue({ code: "custom", path: ["to"], message: "Availability.range_too_long" });
  });
export type AvailabilityQueryParameters = z.input<typeof availabilityQuerySchema>;

export const availableSlotSchema = z.object({
  start: z
    .string()
    .describe("ISO 8601 with the location's offset at that moment, 2026-12-01T09:00:00-05:00"),
  end: z.string(),
  staff_ids: z.array(z.string()).describe("the staff members free for it (see included)"),
});

export const availabilityDaySchema = z.object({
  type: z.literal("availability-days"),
  id: z.string().describe("the local date"),
  attributes: z.object({
    date: z.string().describe("YYYY-MM-DD at the location"),
    slots: z.array(availableSlotSchema),
  }),
});

export const availabilityStaffSchema = z.object({
  type: z.literal("staff"),
  id: z.string(),
  attributes: z.object({
    display_name: z.string().describe('first name and last initial ("Ada L.")'),
  }),
});

export const availabilityDocumentSchema = z.object({
  data: z.array(availabilityDaySchema).describe("the days with at least one slot, in order"),
  included: z.array(availabilityStaffSchema).describe("the staff members named in the slots"),
  meta: z.object({
    time_zone: z.string().describe("the location's IANA zone"),
    from: z.string(),
    to: z.string(),
  }),
});
export type AvailabilityDocument = z.output<typeof availabilityDocumentSchema>;
export type AvailabilityDay = z.output<typeof availabilityDaySchema>;
