// A booked appointment as the open API answers it (src/shared/contracts/appointment.ts): times on
// the location's wall clock with its offset, the service in the reader's language, the staff member
// by first name and initial, and whether the vendor's time to cancel or reschedule still allows it.
import { and, eq } from "drizzle-orm";
import {
  APPOINTMENT_STATUS_NAMES,
  type AppointmentDocument,
} from "../../shared/contracts/appointment.ts";
import { MAX_ID } from "../../shared/contracts/resource-id.ts";
import type { Locale } from "../../shared/domain.ts";
import { displayPhoneNumber } from "../../shared/queue/phone-number.ts";
import { translated } from "../../shared/translations.ts";
import type { ClientViewSettings } from "../../shared/vendor-settings.ts";
import type { DbOrTx } from "../db/client.ts";
import { appointments, clients, locations, services, users } from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";
import { zonedIsoString } from "../scheduling/zoned-iso-string.ts";
import { confirmCodeMatches } from "../security/confirm-code.ts";
import { boardName } from "../tv/board-name.ts";

const MINUTE = 60_000;

export type AppointmentWithRelated = NonNullable<Awaited<ReturnType<typeof loadAppointmentRow>>>;

/** The appointment with its location, service, staff member and client, or null. */
export async function loadAppointmentRow(db: DbOrTx, lookup: { vendorId: number; id: number }) {
  if (!Number.isSafeInteger(lookup.id) || lookup.id < 1 || lookup.id > MAX_ID) return null;
  const [row] = await db
    .select({
      appointment: appointments,
      location: locations,
      service: services,
      client: clients,
      staff: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(appointments)
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(users, eq(users.id, appointments.userId))
    .where(and(eq(appointments.id, lookup.id), eq(appointments.vendorId, lookup.vendorId)));
  return row ?? null;
}

/**
 * The appointment its id and confirm code name, or a 404 identical for every kind of mismatch
 * (a wrong id and a wrong code get the same answer after the same work).
 */
export async function findAppointmentByCode(
  db: DbOrTx,
  lookup: { vendorId: number; id: number; code: string },
): Promise<AppointmentWithRelated> {
  const row = await loadAppointmentRow(db, lookup);
  if (!confirmCodeMatches(row?.appointment.confirmCode, lookup.code)) throw notFound();
  return row!;
}

/** Whether the vendor's time to cancel (or reschedule) before the start has not yet passed. */
export function stillChangeable(
  appointment: { status: number; startsAt: Date },
  minutesBefore: number,
  now: Date,
): boolean {
  return (
    appointment.status === 1 &&
    appointment.startsAt.getTime() - minutesBefore * MINUTE > now.getTime()
  );
}

export function presentAppointment(
  row: AppointmentWithRelated,
  options: { locale: Locale; clientView: ClientViewSettings; now: Date },
): AppointmentDocument {
  const { appointment, location, service, client, staff } = row;
  const zone = location.timezone;
  const { clientView, now } = options;
  return {
    data: {
      type: "appointments",
      id: String(appointment.id),
      attributes: {
        status: appointment.status,
        status_name: APPOINTMENT_STATUS_NAMES[appointment.status - 1]!,
        confirm_code: appointment.confirmCode,
        start: zonedIsoString(appointment.startsAt.getTime(), zone),
        end: zonedIsoString(appointment.endsAt.getTime(), zone),
        time_zone: zone,
        meeting_method: appointment.meetingMethod,
        destination: appointment.destination,
        attendees: appointment.attendees,
        notes: appointment.notes,
        lang: appointment.lang,
        booked_through: appointment.bookedThrough,
        location_id: String(location.id),
        service_id: String(service.id),
        staff_id: appointment.userId === null ? null : String(appointment.userId),
        converted_from_queue_appointment_id:
          appointment.convertedFromQueueAppointmentId === null
            ? null
            : String(appointment.convertedFromQueueAppointmentId),
        reschedulable: stillChangeable(appointment, clientView.time_to_reschedule_minutes, now),
        cancellable: stillChangeable(appointment, clientView.time_to_cancel_minutes, now),
        created: appointment.createdAt.toISOString(),
        location: {
          name: location.name,
          address: location.address,
          city: location.city,
          phone: location.phone,
          latitude: location.latitude,
          longitude: location.longitude,
        },
        service: {
          name: translated(service.translations, "name", options.locale, service.name),
          duration_minutes: Math.round(
            (appointment.endsAt.getTime() - appointment.startsAt.getTime()) / MINUTE,
          ),
        },
        staff:
          staff?.firstName == null
            ? null
            : { display_name: boardName(staff.firstName, staff.lastName ?? "") },
        client: {
          first_name: client?.firstName ?? "",
          last_name: client?.lastName ?? "",
          email: client?.email ?? null,
          cell_phone_formatted: client?.cellPhone
            ? displayPhoneNumber(client.cellPhone, location.country)
            : null,
        },
      },
    },
  };
}
