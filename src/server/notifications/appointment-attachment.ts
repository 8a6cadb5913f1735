// The calendar file an appointment's email carries, built when the email is sent from the
// appointment as it is then: PUBLISH while it stands (a calendar adds or updates the event, its
// SEQUENCE telling which is newer), CANCEL once cancelled (a calendar removes it). The same file as
// GET /appointments/{id}.ics, with the links on the vendor's own host.
import { eq } from "drizzle-orm";
import { LOCALES, type Locale } from "../../shared/domain.ts";
import { translated } from "../../shared/translations.ts";
import { appointmentCalendar } from "../booking/appointment-calendar.ts";
import type { DbOrTx } from "../db/client.ts";
import { appointments, locations, services, users, vendors } from "../db/schema.ts";
import { boardName } from "../tv/board-name.ts";
import type { EmailAttachment } from "./channels.ts";
import type { SiteLinks } from "./compose-visitor-messages.ts";
import { manageAppointmentLink, vendorLinkBase } from "./links.ts";

const CANCELLED = 4;
const IN_PERSON = 1;
const OFF_SITE = 4;

const asLocale = (lang: string): Locale =>
  (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : "en";

/** The appointment's calendar file as an email attachment; null when the appointment is gone. */
export async function appointmentCalendarAttachment(
  db: DbOrTx,
  site: SiteLinks,
  appointmentId: number,
): Promise<EmailAttachment | null> {
  const [row] = await db
    .select({
      appointment: appointments,
      locationName: locations.name,
      locationTranslations: locations.translations,
      locationAddress: locations.address,
      locationCity: locations.city,
      serviceName: services.name,
      serviceTranslations: services.translations,
      staffFirstName: users.firstName,
      staffLastName: users.lastName,
      vendorName: vendors.name,
      vendorSlug: vendors.slug,
    })
    .from(appointments)
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(vendors, eq(vendors.id, appointments.vendorId))
    .leftJoin(users, eq(users.id, appointments.userId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!row) return null;
  const { appointment } = row;
  const lang = asLocale(appointment.lang);
  const base = await vendorLinkBase(db, { id: appointment.vendorId, slug: row.vendorSlug }, site);
  const cancelled = appointment.status === CANCELLED;
  const content = appointmentCalendar({
    id: appointment.id,
    vendorHost: base.hostname,
    start: appointment.startsAt,
    end: appointment.endsAt,
    cancelled,
    sequence: appointment.version - 1,
    serviceName: translated(row.serviceTranslations, "name", lang, row.serviceName),
    locationName: translated(row.locationTranslations, "name", lang, row.locationName),
    place:
      appointment.meetingMethod === OFF_SITE
        ? appointment.destination
        : appointment.meetingMethod === IN_PERSON
          ? [row.locationAddress, row.locationCity].filter(Boolean).join(", ")
          : null,
    staffName:
      row.staffFirstName === null ? null : boardName(row.staffFirstName, row.staffLastName ?? ""),
    meetingMethod: appointment.meetingMethod,
    confirmCode: appointment.confirmCode,
    manageUrl: manageAppointmentLink(base, { ...appointment, lang }),
    vendorName: row.vendorName,
    lang,
  });
  return {
    filename: `appointment-${appointment.id}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "PUBLISH"}`,
    content,
  };
}
