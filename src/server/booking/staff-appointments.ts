// Booked appointments as staff see them (src/shared/contracts/schedule.ts
// `staffAppointmentResourceSchema`): the schedule, the lobby's appointments of the day and a
// client's appointments read them here, in one statement whatever their number, with the location,
// service, staff member, room, booker and client joined in. Every query is scoped by vendor_id.
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { APPOINTMENT_STATUS_NAMES } from "../../shared/contracts/appointment.ts";
import type { StaffAppointmentResource } from "../../shared/contracts/schedule.ts";
import type { Locale } from "../../shared/domain.ts";
import { displayPhoneNumber } from "../../shared/queue/phone-number.ts";
import { translated } from "../../shared/translations.ts";
import type { DbOrTx } from "../db/client.ts";
import { appointments, clients, locations, rooms, services, users } from "../db/schema.ts";
import { zonedIsoString } from "../scheduling/zoned-iso-string.ts";

const bookers = alias(users, "bookers");

export type StaffAppointmentsQuery = {
  vendorId: number;
  /** more conditions on appointments (its location, time span, client, id) */
  where: SQL | undefined;
  /** the service's name in this language */
  locale: Locale;
  order?: "start" | "newest";
  limit?: number;
};

/** The vendor's appointments matching `where`, presented, by start (or newest first). */
export async function loadStaffAppointments(
  db: DbOrTx,
  query: StaffAppointmentsQuery,
): Promise<StaffAppointmentResource[]> {
  const rows = await selectRows(db, query);
  return rows.map((row) => presentStaffAppointment(row, query.locale));
}

function selectRows(db: DbOrTx, query: StaffAppointmentsQuery) {
  const statement = db
    .select({
      appointment: appointments,
      location: {
        name: locations.name,
        timezone: locations.timezone,
        country: locations.country,
      },
      service: { name: services.name, translations: services.translations },
      staff: { firstName: users.firstName, lastName: users.lastName },
      room: { name: rooms.name },
      booker: { firstName: bookers.firstName, lastName: bookers.lastName },
      client: {
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        cellPhone: clients.cellPhone,
      },
    })
    .from(appointments)
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(users, eq(users.id, appointments.userId))
    .leftJoin(rooms, eq(rooms.id, appointments.roomId))
    .leftJoin(bookers, eq(bookers.id, appointments.bookedByUserId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .where(and(eq(appointments.vendorId, query.vendorId), query.where))
    .orderBy(
      ...(query.order === "newest"
        ? [desc(appointments.startsAt), desc(appointments.id)]
        : [asc(appointments.startsAt), asc(appointments.id)]),
    );
  return query.limit === undefined ? statement : statement.limit(query.limit);
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];

const fullName = (person: { firstName: string | null; lastName: string | null } | null) =>
  person?.firstName == null ? null : `${person.firstName} ${person.lastName ?? ""}`.trim();

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const idOrNull = (id: number | null) => (id === null ? null : String(id));

export function presentStaffAppointment(row: Row, locale: Locale): StaffAppointmentResource {
  const { appointment, location, service, client } = row;
  const zone = location.timezone;
  return {
    type: "appointments",
    id: String(appointment.id),
    attributes: {
      status: appointment.status,
      status_name: APPOINTMENT_STATUS_NAMES[appointment.status - 1]!,
      start: zonedIsoString(appointment.startsAt.getTime(), zone),
      end: zonedIsoString(appointment.endsAt.getTime(), zone),
      time_zone: zone,
      location_id: String(appointment.locationId),
      location_name: location.name,
      service_id: String(appointment.serviceId),
      service_name: translated(service.translations, "name", locale, service.name),
      staff_id: idOrNull(appointment.userId),
      staff_name: fullName(row.staff),
      room_id: idOrNull(appointment.roomId),
      room_name: row.room?.name ?? null,
      meeting_method: appointment.meetingMethod,
      destination: appointment.destination,
      attendees: appointment.attendees,
      notes: appointment.notes,
      lang: appointment.lang,
      booked_through: appointment.bookedThrough,
      booked_by_name: fullName(row.booker),
      converted_from_queue_appointment_id: idOrNull(appointment.convertedFromQueueAppointmentId),
      arrived_at: iso(appointment.arrivedAt),
      started_at: iso(appointment.startedAt),
      finished_at: iso(appointment.finishedAt),
      cancelled_at: iso(appointment.cancelledAt),
      created: appointment.createdAt.toISOString(),
      version: appointment.version,
      client: {
        id: client?.id == null ? "" : String(client.id),
        first_name: client?.firstName ?? "",
        last_name: client?.lastName ?? "",
        email: client?.email ?? null,
        cell_phone_formatted: client?.cellPhone
          ? displayPhoneNumber(client.cellPhone, location.country)
          : null,
      },
    },
  };
}
