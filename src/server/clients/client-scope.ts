// Which clients a staff member may read (docs/clients.md): every client of the vendor from Manager
// up; below, only those with a walk-in or an appointment at one of the caller's locations, and of
// those clients only the visits and appointments at the caller's locations. The rule lives here,
// with locationScope (src/server/permissions/tenant-scope.ts) for the same split elsewhere.
import { type AnyColumn, and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { StaffContext } from "../auth/staff-context.ts";
import { appointments, clients, queueAppointments } from "../db/schema.ts";

export type ClientCaller = Pick<StaffContext, "vendorId" | "allLocations" | "locationIds">;

/** Rows whose location column is one of the caller's (undefined: every location of the vendor). */
export function callerLocations(caller: ClientCaller, column: AnyColumn): SQL | undefined {
  if (caller.allLocations) return undefined;
  if (caller.locationIds.length === 0) return sql`false`;
  return inArray(column, [...caller.locationIds]);
}

/** Clients of the caller's vendor it may read, merged ones included (the caller decides). */
export function clientVisibleTo(caller: ClientCaller): SQL {
  const vendor = eq(clients.vendorId, caller.vendorId);
  if (caller.allLocations) return vendor;
  if (caller.locationIds.length === 0) return sql`false`;
  const ids = sql.join(
    caller.locationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return and(
    vendor,
    sql`(exists (select 1 from ${queueAppointments} where ${queueAppointments.clientId} = ${clients.id} and ${queueAppointments.locationId} in (${ids}))
      or exists (select 1 from ${appointments} where ${appointments.clientId} = ${clients.id} and ${appointments.locationId} in (${ids})))`,
  ) as SQL;
}

/** Current clients: a merged one is read only through the client it joined. */
export const notMerged = () => isNull(clients.mergedIntoId);
