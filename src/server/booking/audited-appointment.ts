// An appointment as its audit rows keep it (subject `appointment`): the staff presenter's
// attributes (staff-appointments.ts) without the version and creation time, which every change moves
// or none does. Read in the change's transaction, so the row written is the one committed.
import { eq } from "drizzle-orm";
import type { StaffAppointmentResource } from "../../shared/contracts/schedule.ts";
import type { DbOrTx } from "../db/client.ts";
import { appointments } from "../db/schema.ts";
import { loadStaffAppointments } from "./staff-appointments.ts";

export function auditedAttributes(resource: StaffAppointmentResource): Record<string, unknown> {
  const { version: _version, created: _created, ...rest } = resource.attributes;
  return rest;
}

/** The appointment's audited attributes now (in the product's own language: names are stored). */
export async function auditedAppointment(
  tx: DbOrTx,
  vendorId: number,
  id: number,
): Promise<Record<string, unknown> | null> {
  const [resource] = await loadStaffAppointments(tx, {
    vendorId,
    where: eq(appointments.id, id),
    locale: "en",
  });
  return resource ? auditedAttributes(resource) : null;
}
