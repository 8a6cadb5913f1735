// changeQueueStatus: a queue appointment's status change on its own (docs/queue-statuses.md).
// Locks the row and has applyQueueStatusChange refuse what the transition table does not allow
// (409), stamp the times and write a queue_events row and the domain event; then recalculates the
// location's wait times. The dispatcher announces the change from the event.
import { and, eq } from "drizzle-orm";
import type { QueueStatus } from "../../shared/domain.ts";
import type { QueueActor } from "../../shared/queue/queue-transitions.ts";
import type { AppCaches } from "../caches/app-caches.ts";
import type { Db } from "../db/client.ts";
import { queueAppointments } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { notFound } from "../http/app-error.ts";
import {
  applyQueueStatusChange,
  type QueueAppointmentRow,
  transitionRefused,
} from "./apply-queue-status-change.ts";
import { recalculateWaitTimes } from "./wait-time/recalculate-wait-times.ts";

export type ChangeQueueStatusOptions = {
  db: Db;
  events: DomainEventBus;
  /** the app's caches: a completed visit drops its location's learned durations */
  caches: AppCaches;
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

export async function changeQueueStatus(
  options: ChangeQueueStatusOptions,
): Promise<QueueAppointmentRow> {
  const { db, caches, vendorId, to } = options;
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
    return applyQueueStatusChange(tx, {
      row,
      to,
      now,
      serverUserId: staffUserId,
      actorUserId: staffUserId,
      actor,
    });
  });
  options.events.emit("eventsRecorded", {});
  // A completed visit is a new duration sample: the next recalculation learns from it at once.
  if (updated.status === "completed") {
    caches.invalidate({ entity: "visit-completed", vendorId, locationId: updated.locationId });
  }

  try {
    const { events } = options;
    const { learnedDurations } = caches;
    await recalculateWaitTimes(
      options.now ? { db, events, learnedDurations, now } : { db, events, learnedDurations },
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
  return updated;
}
