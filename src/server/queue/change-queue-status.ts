// changeQueueStatus: the one way a queue appointment changes status (docs/queue-statuses.md).
// Locks the row, refuses changes the transition table does not allow (409), stamps the times,
// writes a queue_events row, then recalculates the location's wait times and announces the change.
import { and, eq } from "drizzle-orm";
import type { QueueStatus } from "../../shared/domain.ts";
import { QUEUE_MESSAGES as M } from "../../shared/queue/queue-messages.ts";
import {
  canTransition,
  eventTypeFor,
  type QueueActor,
} from "../../shared/queue/queue-transitions.ts";
import type { Db } from "../db/client.ts";
import { queueAppointments, queueEvents } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { forgetLearnedDurations } from "./wait-time/learn-service-durations.ts";
import { recalculateWaitTimes } from "./wait-time/recalculate-wait-times.ts";

type QueueAppointmentRow = typeof queueAppointments.$inferSelect;

export type ChangeQueueStatusOptions = {
  db: Db;
  events: DomainEventBus;
  logger?: { error(details: object, message: string): void };
  now?: Date;
  vendorId: number;
  queueAppointmentId: number;
  to: QueueStatus;
  /** the visitor (may only cancel) or a staff member, who becomes the server when starting a meeting */
  actor: { kind: "visitor" } | { kind: "staff"; userId: number };
  /** refuse unless the row is still in this status, e.g. two desks calling the same visitor */
  expectedFrom?: QueueStatus;
};

export function transitionRefused(from: QueueStatus): AppError {
  return from === "cancelled"
    ? new AppError("conflict", { code: "already_cancelled", messageId: M.alreadyCancelled })
    : new AppError("conflict", {
        code: "transition_not_allowed",
        messageId: M.transitionNotAllowed,
      });
}

/** The columns a change sets besides status (the "return to queue" rule is in docs/queue-statuses.md). */
function stampsFor(
  row: QueueAppointmentRow,
  to: QueueStatus,
  now: Date,
  staffUserId: number | null,
) {
  switch (to) {
    case "in_progress":
      return {
        startedAt: now,
        calledAt: row.calledAt ?? now,
        actualWaitSeconds: Math.max(0, Math.round((now.getTime() - row.queuedAt.getTime()) / 1000)),
        userId: staffUserId ?? row.userId,
        expectedStart: null,
      };
    case "waiting":
      // Back to their original place (queued_at is kept): they were called, it is not their fault.
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

export async function changeQueueStatus(
  options: ChangeQueueStatusOptions,
): Promise<QueueAppointmentRow> {
  const { db, vendorId, to } = options;
  const now = options.now ?? new Date();
  const actor: QueueActor = options.actor.kind;
  const staffUserId = options.actor.kind === "staff" ? options.actor.userId : null;

  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(queueAppointments)
      .where(
        and(
          eq(queueAppointments.id, options.queueAppointmentId),
          eq(queueAppointments.vendorId, vendorId),
        ),
      )
      .for("update");
    if (!row) throw notFound();
    if (options.expectedFrom && row.status !== options.expectedFrom)
      throw transitionRefused(row.status);
    if (!canTransition(row.status, to, actor)) throw transitionRefused(row.status);
    const [changed] = await tx
      .update(queueAppointments)
      .set({ status: to, updatedAt: now, ...stampsFor(row, to, now, staffUserId) })
      .where(and(eq(queueAppointments.id, row.id), eq(queueAppointments.vendorId, vendorId)))
      .returning();
    await tx.insert(queueEvents).values({
      vendorId,
      queueAppointmentId: row.id,
      type: eventTypeFor(row.status, to),
      fromStatus: row.status,
      toStatus: to,
      actorUserId: staffUserId,
      at: now,
    });
    return changed!;
  });
  // A completed visit is a new duration sample: the next recalculation learns from it at once.
  if (updated.status === "completed") {
    forgetLearnedDurations(db, { vendorId, locationId: updated.locationId });
  }

  try {
    await recalculateWaitTimes(
      options.now ? { db, events: options.events, now } : { db, events: options.events },
      {
        vendorId,
        locationId: updated.locationId,
      },
    );
  } catch (error) {
    options.logger?.error(
      { err: error, queueAppointmentId: updated.id },
      "wait-time recalculation after status change failed",
    );
  }
  options.events.emit("queueAppointmentChanged", {
    vendorId,
    locationId: updated.locationId,
    queueAppointmentId: updated.id,
    change: "updated",
  });
  return updated;
}
