// A visitor is here (staff's "arrived" in the lobby, or the visitor's HERE reply): arrived_at is
// stamped once through the one writer of a queue appointment (applyQueueStatusChange), so either
// way the change has the same domain event and the same live lobby update.
import type { Tx } from "../db/client.ts";
import { applyQueueStatusChange, type QueueAppointmentRow } from "./apply-queue-status-change.ts";

/** The columns "arrived" (or its undoing) sets: the first arrival is kept. */
export function arrivalChange(row: QueueAppointmentRow, arrived: boolean, now: Date) {
  return { arrivedAt: arrived ? (row.arrivedAt ?? now) : null };
}

/**
 * Marks a visit the caller has locked arrived, in the caller's transaction. Null when it was
 * already marked (nothing written, no event). The caller announces the change after commit.
 */
export async function markVisitorArrived(
  tx: Tx,
  row: QueueAppointmentRow,
  options: { now: Date; actorUserId: number | null },
): Promise<QueueAppointmentRow | null> {
  if (row.arrivedAt) return null;
  return applyQueueStatusChange(tx, {
    row,
    now: options.now,
    serverUserId: null,
    actorUserId: options.actorUserId,
    also: arrivalChange(row, true, options.now),
  });
}
