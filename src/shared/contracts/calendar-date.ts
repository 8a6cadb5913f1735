// A calendar date in a request (YYYY-MM-DD): a day that exists, within the years the product can
// reason about. Outside them a location's local day cannot be computed reliably (time zones before
// standard time, instants past year 9999), so such a date is a 422, never a 500.
import { z } from "zod";

export const EARLIEST_CALENDAR_DATE = "2000-01-01";
export const LATEST_CALENDAR_DATE = "2099-12-31";

/** "2026-02-30" is refused (not a day); "1000-01-01" and "9999-12-31" too (out of range). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Errors.invalid_value")
  .refine((value) => {
    const date = new Date(`${value}T12:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "Errors.invalid_value")
  // Same-length ISO dates compare as text in calendar order.
  .refine(
    (value) => value >= EARLIEST_CALENDAR_DATE && value <= LATEST_CALENDAR_DATE,
    "Errors.date_out_of_range",
  );
