// A status change of a queue appointment the caller has locked, inside the caller's transaction:
// the same stamps and queue_events row as changeQueueStatus (src/server/queue/change-queue-status.ts,
// whose transaction cannot be joined), for lobby commands that pick or edit a row in one transaction.
import { and, eq } from "drizzle-orm";
import type { QueueStatus } from "../../shared/domain.ts";
import { canTransition, eventTypeFor } from "../../shared/queue/queue-transitions.ts";
import type { Tx } from "../db/client.ts";
import { queueAppointments, queueEvents } from "../db/schema.ts";
import { transitionRefused } from "../queue/change-queue-status.ts";

export type QueueAppointmentRow = typeof queueAppointments.$inferSelect;
type QueueAppointmentChanges = Partial<typeof queueAppointments.$inferInsert>;

/** The columns a change into `to` sets besides the status (docs/queue-statuses.md). */
export function statusStamps(
  row: QueueAppointmentRow,
  to: QueueStatus,
  now: Date,
  serverUserId: number | null,
): QueueAppointmentChanges {
  switch (to) {
    case "in_progress":
      return {
        startedAt: now,
        calledAt: row.calledAt ?? now,
        actualWaitSeconds: Math.max(0, Math.round((now.getTime() - row.queuedAt.getTime()) / 1000)),
        userId: serverUserId ?? row.userId,
        expectedStart: null,
      };
    case "waiting":
      // Back to their original place (queued_at is kept): being called was not their fault.
      return {
        startedAt: null,
        calledAt: null,
        actualWaitSeconds: null,
        userId: null,
        endedAt: null,
      };
    default:
      return { endedAt: now, expectedStart: null };
  }
}

export type StatusChange = {
  row: QueueAppointmentRow;
  /** the new status; undefined changes only `also` */
  to?: QueueStatus | undefined;
  now: Date;
  /** who serves the visitor when the change starts a meeting */
  serverUserId: number | null;
  /** who made the change, recorded on the queue event */
  actorUserId: number;
  /** other columns to set in the same update, applied after the status stamps */
  also?: QueueAppointmentChanges;
};

/** Refuses (409) a change the transition table does not allow; writes the row and its event. */
export async function applyQueueStatusChange(
  tx: Tx,
  change: StatusChange,
): Promise<QueueAppointmentRow> {
  const { row, to, now } = change;
  if (to !== undefined && !canTransition(row.status, to, "staff"))
    throw transitionRefused(row.status);
  const stamps =
    to === undefined ? {} : { status: to, ...statusStamps(row, to, now, change.serverUserId) };
  const [updated] = await tx
    .update(queueAppointments)
    .set({ ...stamps, ...change.also, updatedAt: now })
    .where(and(eq(queueAppointments.id, row.id), eq(queueAppointments.vendorId, row.vendorId)))
    .returning();
  if (to !== undefined) {
    await tx.insert(queueEvents).values({
      vendorId: row.vendorId,
      queueAppointmentId: row.id,
      type: eventTypeFor(row.status, to),
      fromStatus: row.status,
      toStatus: to,
      actorUserId: change.actorUserId,
      at: now,
    });
  }
  return updated!;
}
