// Finds a vendor's queue appointment by id and confirm code for the open API. A wrong id and a
// wrong code get the same answer after the same work (constant-time compare), so neither leaks.
import { and, eq } from "drizzle-orm";
import { MAX_ID } from "../../shared/contracts/resource-id.ts";
import type { DbOrTx } from "../db/client.ts";
import { queueAppointments } from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";
import { confirmCodeMatches } from "../security/confirm-code.ts";

type QueueAppointmentRow = typeof queueAppointments.$inferSelect;

/** The appointment, or a 404 AppError identical for every kind of mismatch. */
export async function findQueueAppointmentByCode(
  db: DbOrTx,
  lookup: { vendorId: number; id: number; code: string },
): Promise<QueueAppointmentRow> {
  const validId = Number.isSafeInteger(lookup.id) && lookup.id >= 1 && lookup.id <= MAX_ID;
  const [row] = validId
    ? await db
        .select()
        .from(queueAppointments)
        .where(
          and(eq(queueAppointments.id, lookup.id), eq(queueAppointments.vendorId, lookup.vendorId)),
        )
    : [];
  if (!confirmCodeMatches(row?.confirmCode, lookup.code)) throw notFound();
  return row!;
}
