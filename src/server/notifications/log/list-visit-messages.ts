// The messages of one visit, oldest first, replies included: what the lobby shows on a visitor's
// details. Only a visit at a location the caller may act at is found (as the lobby's other routes).
import { and, asc, eq, isNull } from "drizzle-orm";
import type { StaffContext } from "../../auth/staff-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { messages, queueAppointments } from "../../db/schema.ts";
import { notFound } from "../../http/app-error.ts";
import { findStaffLocation } from "../../lobby/find-staff-location.ts";
import type { MessageRow } from "./present-message.ts";

export async function listVisitMessages(
  db: DbOrTx,
  options: { staff: StaffContext; queueAppointmentId: number },
): Promise<MessageRow[]> {
  const { staff, queueAppointmentId } = options;
  const [visit] = await db
    .select({ locationId: queueAppointments.locationId })
    .from(queueAppointments)
    .where(
      and(
        eq(queueAppointments.id, queueAppointmentId),
        eq(queueAppointments.vendorId, staff.vendorId),
      ),
    );
  if (!visit) throw notFound();
  await findStaffLocation(db, staff, visit.locationId);
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.vendorId, staff.vendorId),
        eq(messages.queueAppointmentId, queueAppointmentId),
        // the visitor's own messages: an alert about the visit to its staff is not part of them
        isNull(messages.userId),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
}
