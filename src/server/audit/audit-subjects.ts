// Whether an audited object exists in the caller's vendor: the history of an object the caller
// cannot see is "not found", as the object itself would be. One lookup per subject type; a booked
// appointment, kept at a location, also within the caller's locations (below Manager).
import { and, eq } from "drizzle-orm";
import type { AuditSubjectType } from "../../shared/audit.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  apiKeys,
  appointments,
  clients,
  cxSnippets,
  locations,
  questions,
  rooms,
  serviceCategories,
  services,
  staffGroups,
  users,
  vendors,
} from "../db/schema.ts";
import { locationScope } from "../permissions/tenant-scope.ts";

type Caller = Pick<StaffContext, "vendorId" | "allLocations" | "locationIds">;
type Exists = (db: DbOrTx, caller: Caller, id: number) => Promise<boolean>;

const existsIn =
  (
    table:
      | typeof locations
      | typeof services
      | typeof serviceCategories
      | typeof questions
      | typeof users
      | typeof staffGroups
      | typeof rooms
      | typeof clients
      | typeof apiKeys
      | typeof cxSnippets,
  ): Exists =>
  async (db, caller, id) => {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.vendorId, caller.vendorId)))
      .limit(1);
    return rows.length > 0;
  };

export const AUDIT_SUBJECT_EXISTS: Record<AuditSubjectType, Exists> = {
  location: existsIn(locations),
  location_hours: existsIn(locations),
  service: existsIn(services),
  question: existsIn(questions),
  service_category: existsIn(serviceCategories),
  staff: existsIn(users),
  staff_group: existsIn(staffGroups),
  // Rooms are read with hours.manage, from Manager up: every location of the vendor.
  room: existsIn(rooms),
  client: existsIn(clients),
  api_key: existsIn(apiKeys),
  cx_snippet: existsIn(cxSnippets),
  // The settings pages' history is kept under the vendor: the caller's own vendor only.
  vendor_settings: async (_db, caller, id) => id === caller.vendorId,
  appointment: async (db, caller, id) => {
    const rows = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.id, id),
          locationScope(caller, {
            vendorColumn: appointments.vendorId,
            locationColumn: appointments.locationId,
          }),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },
  // A vendor's history is kept under the vendor itself, and read by platform admins (the only ones
  // allowed it), who manage every vendor from any host: any vendor that exists.
  vendor: async (db, _caller, id) => {
    const rows = await db
      .select({ id: vendors.id })
      .from(vendors)
      .where(eq(vendors.id, id))
      .limit(1);
    return rows.length > 0;
  },
};
