// A waiting visitor's call, inside the caller's transaction on a row it has locked: "call" sends the
// visitor to a desk (the status stays waiting, docs/queue-statuses.md "Calling"), "recall" calls them
// again, "uncall" puts them back in line uncalled. Writes the row, its queue_events row and its
// domain event (queue_appointment.called for a call or a recall, .returned for an uncall).
import { and, eq } from "drizzle-orm";
import { type CallAction, canCall } from "../../shared/queue/queue-transitions.ts";
import type { Tx } from "../db/client.ts";
import { queueAppointments, queueEvents, userLocations } from "../db/schema.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import {
  type QueueAppointmentRow,
  transitionRefused,
  UNCALLED,
} from "./apply-queue-status-change.ts";

export type VisitorCall = {
  row: QueueAppointmentRow;
  action: CallAction;
  now: Date;
  /** the staff member calling (the visitor waits for them from now on) */
  callerUserId: number;
  /** the desk or counter named with the call; else the caller's desk at the location */
  desk?: string | null | undefined;
};

const HISTORY = { call: "called", recall: "recalled", uncall: "returned" } as const;

/** The caller's desk at the visitor's location, as staff administration recorded it. */
async function assignedDesk(tx: Tx, row: QueueAppointmentRow, userId: number) {
  const [assignment] = await tx
    .select({ desk: userLocations.desk })
    .from(userLocations)
    .where(
      and(
        eq(userLocations.userId, userId),
        eq(userLocations.locationId, row.locationId),
        eq(userLocations.vendorId, row.vendorId),
      ),
    );
  return assignment?.desk?.trim() || null;
}

/** Refuses (409) a call the visit's state does not allow; otherwise records it. */
export async function applyVisitorCall(tx: Tx, call: VisitorCall): Promise<QueueAppointmentRow> {
  const { row, action, now } = call;
  if (!canCall(row, action)) throw transitionRefused(row.status);
  // A recall keeps the desk of the call unless it names another.
  const desk =
    action === "uncall"
      ? null
      : call.desk?.trim() ||
        (action === "recall" ? row.callDesk : null) ||
        (await assignedDesk(tx, row, call.callerUserId));
  const changes =
    action === "uncall"
      ? { ...UNCALLED, userId: null }
      : action === "call"
        ? {
            calledAt: now,
            callDesk: desk,
            recallCount: 0,
            recalledAt: null,
            userId: call.callerUserId,
          }
        : {
            callDesk: desk,
            recallCount: row.recallCount + 1,
            recalledAt: now,
            userId: call.callerUserId,
          };
  const [updated] = await tx
    .update(queueAppointments)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(queueAppointments.id, row.id), eq(queueAppointments.vendorId, row.vendorId)))
    .returning();
  await tx.insert(queueEvents).values({
    vendorId: row.vendorId,
    queueAppointmentId: row.id,
    type: HISTORY[action],
    fromStatus: row.status,
    toStatus: row.status,
    actorUserId: call.callerUserId,
    at: now,
  });
  await recordDomainEvents(tx, [
    {
      vendorId: row.vendorId,
      type: action === "uncall" ? "queue_appointment.returned" : "queue_appointment.called",
      aggregateId: row.id,
      payload: {
        locationId: row.locationId,
        fromStatus: row.status,
        toStatus: row.status,
        actorUserId: call.callerUserId,
      },
      occurredAt: now,
    },
  ]);
  return updated!;
}
