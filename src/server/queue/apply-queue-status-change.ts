// A status change of a queue appointment the caller has locked, inside the caller's transaction:
// refuses what the transition table does not allow (409), stamps the times, writes the row and its
// queue_events row. The one writer of a status: changeQueueStatus (a visitor's cancel, a staff
// member's change) and the lobby's commands that pick or edit a row in one transaction all use it.
import { and, eq } from "drizzle-orm";
import type { QueueStatus } from "../../shared/domain.ts";
import { QUEUE_MESSAGES as M } from "../../shared/queue/queue-messages.ts";
import {
  canTransition,
  eventTypeFor,
  type QueueActor,
} from "../../shared/queue/queue-transitions.ts";
import type { Tx } from "../db/client.ts";
import { queueAppointments, queueEvents } from "../db/schema.ts";
import { queueAppointmentEventType, recordDomainEvents } from "../events/outbox.ts";
import { AppError } from "../http/app-error.ts";

export type QueueAppointmentRow = typeof queueAppointments.$inferSelect;
type QueueAppointmentChanges = Partial<typeof queueAppointments.$inferInsert>;

/** A waiting visitor no longer called: what "return to queue" and an uncall clear. */
export const UNCALLED = {
  calledAt: null,
  callDesk: null,
  recallCount: 0,
  recalledAt: null,
} satisfies QueueAppointmentChanges;

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
        ...UNCALLED,
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
  /** who made the change, recorded on the queue event (null: the visitor) */
  actorUserId: number | null;
  /** whose transitions apply (a visitor may only cancel); staff when omitted */
  actor?: QueueActor;
  /** other columns to set in the same update, applied after the status stamps */
  also?: QueueAppointmentChanges;
};

/** The 409 of a change the transition table does not allow from `from`. */
export function transitionRefused(from: QueueStatus): AppError {
  return from === "cancelled"
    ? new AppError("conflict", { code: "already_cancelled", messageId: M.alreadyCancelled })
    : new AppError("conflict", {
        code: "transition_not_allowed",
        messageId: M.transitionNotAllowed,
      });
}

/**
 * Refuses (409) a change the transition table does not allow; writes the row, its queue_events
 * history row and its domain event (the outbox), all in the caller's transaction.
 */
export async function applyQueueStatusChange(
  tx: Tx,
  change: StatusChange,
): Promise<QueueAppointmentRow> {
  const { row, to, now } = change;
  if (to !== undefined && !canTransition(row.status, to, change.actor ?? "staff"))
    throw transitionRefused(row.status);
  const stamps =
    to === undefined ? {} : { status: to, ...statusStamps(row, to, now, change.serverUserId) };
  const [updated] = await tx
    .update(queueAppointments)
    .set({ ...stamps, ...change.also, updatedAt: now })
    .where(and(eq(queueAppointments.id, row.id), eq(queueAppointments.vendorId, row.vendorId)))
    .returning();
  const historyType = to === undefined ? undefined : eventTypeFor(row.status, to);
  if (to !== undefined && historyType !== undefined) {
    await tx.insert(queueEvents).values({
      vendorId: row.vendorId,
      queueAppointmentId: row.id,
      type: historyType,
      fromStatus: row.status,
      toStatus: to,
      actorUserId: change.actorUserId,
      at: now,
    });
  }
  await recordDomainEvents(tx, [
    {
      vendorId: row.vendorId,
      type: queueAppointmentEventType(to, historyType),
      aggregateId: row.id,
      payload: {
        locationId: updated!.locationId,
        fromStatus: row.status,
        toStatus: to ?? null,
        actorUserId: change.actorUserId,
      },
      occurredAt: now,
    },
  ]);
  return updated!;
}
