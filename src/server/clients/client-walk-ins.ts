// GET /clients/{id}/walk-ins: a client's queue visits at the caller's locations, newest first, 50 a
// page by (created_at, id), with the location, service, staff member and feedback joined in: one
// statement a page.
import { and, desc, eq, sql } from "drizzle-orm";
import type { ClientWalkInResource } from "../../shared/contracts/client.ts";
import type { Locale } from "../../shared/domain.ts";
import { translated } from "../../shared/translations.ts";
import type { DbOrTx } from "../db/client.ts";
import { feedback, locations, queueAppointments, services, users } from "../db/schema.ts";
import { type ClientCaller, callerLocations } from "./client-scope.ts";
import { checkInstant, decodePageCursor, encodePageCursor } from "./page-cursor.ts";

export const CLIENT_TAB_PAGE_SIZE = 50;
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export async function listClientWalkIns(
  db: DbOrTx,
  caller: ClientCaller,
  options: { clientId: number; cursor: string | undefined; locale: Locale },
): Promise<{ data: ClientWalkInResource[]; next: string | null }> {
  const cursor =
    options.cursor === undefined ? null : decodePageCursor(options.cursor, ["s", "n"] as const);
  const rows = await db
    .select({
      visit: queueAppointments,
      cursorAt: sql<string>`to_char(${queueAppointments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      location: { name: locations.name, timezone: locations.timezone },
      service: { name: services.name, translations: services.translations },
      staff: { firstName: users.firstName, lastName: users.lastName },
      ratingHalves: feedback.ratingHalves,
    })
    .from(queueAppointments)
    .innerJoin(locations, eq(locations.id, queueAppointments.locationId))
    .innerJoin(services, eq(services.id, queueAppointments.serviceId))
    .leftJoin(users, eq(users.id, queueAppointments.userId))
    .leftJoin(feedback, eq(feedback.queueAppointmentId, queueAppointments.id))
    .where(
      and(
        eq(queueAppointments.vendorId, caller.vendorId),
        eq(queueAppointments.clientId, options.clientId),
        callerLocations(caller, queueAppointments.locationId),
        cursor
          ? sql`(${queueAppointments.createdAt}, ${queueAppointments.id}) < (${checkInstant(cursor[0])}::timestamptz, ${cursor[1]})`
          : undefined,
      ),
    )
    .orderBy(desc(queueAppointments.createdAt), desc(queueAppointments.id))
    .limit(CLIENT_TAB_PAGE_SIZE + 1);
  const page = rows.slice(0, CLIENT_TAB_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page.map(({ visit, location, service, staff, ratingHalves }) => ({
      type: "queue-appointments",
      id: String(visit.id),
      attributes: {
        ticket: visit.ticket,
        status: visit.status,
        location_id: String(visit.locationId),
        location_name: location.name,
        service_name: translated(service.translations, "name", options.locale, service.name),
        staff_name: staff?.firstName ? `${staff.firstName} ${staff.lastName ?? ""}`.trim() : null,
        meeting_method: visit.meetingMethod,
        booked_through: visit.bookedThrough,
        created: visit.createdAt.toISOString(),
        called_at: iso(visit.calledAt),
        started_at: iso(visit.startedAt),
        completed_at: visit.status === "completed" ? iso(visit.endedAt) : null,
        wait_seconds:
          visit.actualWaitSeconds ??
          (visit.startedAt
            ? Math.max(
                0,
                Math.round((visit.startedAt.getTime() - visit.createdAt.getTime()) / 1000),
              )
            : null),
        // stored as half stars; the page shows whole and half stars from the rating
        feedback_rating: ratingHalves === null ? null : Math.round(ratingHalves / 2),
        time_zone: location.timezone,
      },
    })),
    next:
      rows.length > CLIENT_TAB_PAGE_SIZE && last
        ? encodePageCursor([last.cursorAt, last.visit.id])
        : null,
  };
}
