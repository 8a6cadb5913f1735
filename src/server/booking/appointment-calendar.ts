// An appointment as an iCalendar file (RFC 5545) for "Add to calendar" and the booking email:
// one VEVENT in UTC (every calendar shows it in its own zone), a stable UID so that a rescheduled
// or cancelled appointment's file replaces the one imported before, and a SEQUENCE that grows with
// each change. Written with ical-generator, which folds and escapes lines as the RFC requires.
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Locale } from "../../shared/domain.ts";
import { translate } from "../http/messages.ts";

export type CalendarAppointment = {
  id: number;
  vendorHost: string;
  start: Date;
  end: Date;
  cancelled: boolean;
  /** how many times the appointment has changed: the event's SEQUENCE */
  sequence: number;
  serviceName: string;
  locationName: string;
  /** where to go: the location's address for a meeting in person, the client's for off site */
  place: string | null;
  staffName: string | null;
  /** 1 in person, 2 phone, 3 video, 4 off site */
  meetingMethod: number;
  confirmCode: string;
  /** the visitor's page of the appointment: details, reschedule, cancel */
  manageUrl: string;
  vendorName: string;
  lang: Locale;
};

export function appointmentCalendar(appointment: CalendarAppointment): string {
  const t = (id: string, values?: Record<string, string | number>) =>
    translate(appointment.lang, id, values);
  const calendar = ical({
    prodId: { company: appointment.vendorName, product: "Nextline", language: "EN" },
    method: appointment.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  const how = t(`Calendar.method.${appointment.meetingMethod}`);
  const lines = [
    t("Calendar.service", { service: appointment.serviceName }),
    how,
    appointment.staffName === null ? null : t("Calendar.staff", { staff: appointment.staffName }),
    t("Calendar.code", { code: appointment.confirmCode }),
    t("Calendar.manage", { url: appointment.manageUrl }),
  ].filter((line): line is string => line !== null);
  calendar.createEvent({
    id: `appointment-${appointment.id}@${appointment.vendorHost}`,
    sequence: appointment.sequence,
    start: appointment.start,
    end: appointment.end,
    stamp: new Date(),
    summary: t("Calendar.summary", {
      service: appointment.serviceName,
      location: appointment.locationName,
    }),
    description: lines.join("\n"),
    location: appointment.place,
    url: appointment.manageUrl,
    status: appointment.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
