// The few words the schedule shows for an appointment's status, way of meeting and channel, and
// its times on the location's clock in the reader's language.
import type { IntlShape } from "react-intl";
import type { StaffAppointmentResource } from "../../api/office/schedule.ts";

type Attributes = StaffAppointmentResource["attributes"];

const STATUS_MESSAGES: Record<Attributes["status_name"], string> = {
  confirmed: "Schedule.status_confirmed",
  completed: "Schedule.status_completed",
  no_show: "Schedule.status_no_show",
  cancelled: "Schedule.status_cancelled",
  in_progress: "Schedule.status_in_progress",
  served: "Schedule.status_served",
};

/** The status as staff say it; a confirmed client who checked in has "arrived". */
export function statusLabel(intl: IntlShape, attributes: Attributes): string {
  if (attributes.status_name === "confirmed" && attributes.arrived_at !== null)
    return intl.formatMessage({ id: "Schedule.status_arrived" });
  return intl.formatMessage({ id: STATUS_MESSAGES[attributes.status_name] });
}

const METHOD_MESSAGES: Record<number, string> = {
  1: "Form.method_in_person",
  2: "Form.method_phone",
  3: "Form.method_video",
  4: "Schedule.method_off_site",
};

export function meetingMethodLabel(intl: IntlShape, method: number): string {
  return intl.formatMessage({ id: METHOD_MESSAGES[method] ?? "Schedule.method_off_site" });
}

export function clientName(attributes: Attributes): string {
  return `${attributes.client.first_name} ${attributes.client.last_name}`.trim();
}

/** "9:30 AM" on the location's clock. */
export function clockTime(intl: IntlShape, instant: string, timeZone: string): string {
  return intl.formatTime(Date.parse(instant), { timeZone, hour: "numeric", minute: "2-digit" });
}

/** "9:30 – 10:15 AM" on the location's clock. */
export function timeRange(intl: IntlShape, attributes: Attributes): string {
  return intl.formatDateTimeRange(Date.parse(attributes.start), Date.parse(attributes.end), {
    timeZone: attributes.time_zone,
    hour: "numeric",
    minute: "2-digit",
  });
}

/** "Monday, November 30" of a YYYY-MM-DD date (read at noon UTC, so no zone shifts the day). */
export function calendarDateLabel(intl: IntlShape, date: string, long = true): string {
  return intl.formatDate(Date.parse(`${date}T12:00:00Z`), {
    timeZone: "UTC",
    weekday: long ? "long" : "short",
    month: long ? "long" : "short",
    day: "numeric",
  });
}
