// A client as the back office reads it (src/shared/contracts/client.ts `clientResourceSchema`): the
// contact details, the version a save names in If-Match, and the counts that tell namesakes apart —
// visits, appointments and the latest of them, computed in the statement that reads the client and
// counting only what the caller may see (client-scope.ts).
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { ClientResource } from "../../shared/contracts/client.ts";
import { displayPhoneNumber } from "../../shared/queue/phone-number.ts";
import type { DbOrTx } from "../db/client.ts";
import { appointments, clients, locations, queueAppointments } from "../db/schema.ts";
import { type ClientCaller, callerLocations } from "./client-scope.ts";

export type ClientRow = typeof clients.$inferSelect;
export type ClientCounts = { visits: number; appointments: number; lastSeenAt: string | null };

/** The select list of a client with its counts, for the statements that read clients. */
export function clientWithCounts(caller: ClientCaller, now: Date) {
  const visitScope = callerLocations(caller, queueAppointments.locationId);
  const appointmentScope = callerLocations(caller, appointments.locationId);
  const visitsOf = and(eq(queueAppointments.clientId, clients.id), visitScope) as SQL;
  const appointmentsOf = and(eq(appointments.clientId, clients.id), appointmentScope) as SQL;
  return {
    client: clients,
    visits: sql<number>`(select count(*)::int from ${queueAppointments} where ${visitsOf})`,
    appointments: sql<number>`(select count(*)::int from ${appointments} where ${appointmentsOf})`,
    lastSeenAt: sql<string | null>`to_char(greatest(
      (select max(${queueAppointments.createdAt}) from ${queueAppointments} where ${visitsOf}),
      (select max(${appointments.startsAt}) from ${appointments} where ${appointmentsOf} and ${appointments.startsAt} <= ${now.toISOString()}::timestamptz)
    ) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  };
}

/** The country phone numbers are written for: the vendor's first location's (else US). */
export async function vendorPhoneCountries(db: DbOrTx, vendorId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: locations.country, id: locations.id })
    .from(locations)
    .where(eq(locations.vendorId, vendorId))
    .orderBy(locations.id);
  return [...new Set(rows.map((row) => row.country).filter((c): c is string => !!c))];
}

export function presentClient(
  row: ClientRow,
  counts: ClientCounts,
  country: string | undefined,
): ClientResource {
  return {
    type: "clients",
    id: String(row.id),
    attributes: {
      external_id: row.externalId,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      cell_phone: row.cellPhone,
      cell_phone_formatted: row.cellPhone ? displayPhoneNumber(row.cellPhone, country) : null,
      notes: row.notes,
      lang: row.lang,
      receive_sms: row.receiveSms,
      version: row.version,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      last_seen_at: counts.lastSeenAt,
      visits: counts.visits,
      appointments: counts.appointments,
    },
  };
}
