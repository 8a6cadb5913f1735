// GET /clients/{id}/appointments: a client's booked appointments at the caller's locations, as
// staff see them everywhere (src/server/booking/staff-appointments.ts), newest start first, 50 a
// page by (starts_at, id): one statement a page.
import { and, eq, sql } from "drizzle-orm";
import type { StaffAppointmentResource } from "../../shared/contracts/schedule.ts";
import type { Locale } from "../../shared/domain.ts";
import { loadStaffAppointments } from "../booking/staff-appointments.ts";
import type { DbOrTx } from "../db/client.ts";
import { appointments } from "../db/schema.ts";
import { type ClientCaller, callerLocations } from "./client-scope.ts";
import { CLIENT_TAB_PAGE_SIZE } from "./client-walk-ins.ts";
import { decodePageCursor, encodePageCursor, invalidCursor } from "./page-cursor.ts";

export async function listClientAppointments(
  db: DbOrTx,
  caller: ClientCaller,
  options: { clientId: number; cursor: string | undefined; locale: Locale },
): Promise<{ data: StaffAppointmentResource[]; next: string | null }> {
  const cursor =
    options.cursor === undefined ? null : decodePageCursor(options.cursor, ["t", "n"] as const);
  const startsAt = cursor ? new Date(cursor[0]) : null;
  if (startsAt && Number.isNaN(startsAt.getTime())) throw invalidCursor();
  const rows = await loadStaffAppointments(db, {
    vendorId: caller.vendorId,
    locale: options.locale,
    order: "newest",
    limit: CLIENT_TAB_PAGE_SIZE + 1,
    where: and(
      eq(appointments.clientId, options.clientId),
      callerLocations(caller, appointments.locationId),
      cursor && startsAt
        ? sql`(${appointments.startsAt}, ${appointments.id}) < (${startsAt.toISOString()}::timestamptz, ${cursor[1]})`
        : undefined,
    ),
  });
  const page = rows.slice(0, CLIENT_TAB_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page,
    next:
      rows.length > CLIENT_TAB_PAGE_SIZE && last
        ? encodePageCursor([Date.parse(last.attributes.start), Number(last.id)])
        : null,
  };
}
