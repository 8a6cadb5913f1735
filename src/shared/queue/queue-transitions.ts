// Which queue status may follow which (docs/queue-statuses.md), for staff and for the visitor.
// The server refuses every other change with 409; the web app uses the same table to offer actions.
import type { QueueStatus } from "../domain.ts";

export type QueueActor = "staff" | "visitor";

/** Every allowed change, keyed by the current status. Final statuses have none. */
export const QUEUE_TRANSITIONS: Readonly<Record<QueueStatus, readonly QueueStatus[]>> = {
  waiting: ["in_progress", "cancelled", "no_show"],
  in_progress: ["completed", "waiting", "cancelled", "no_show"],
  completed: [],
  cancelled: [],
  no_show: [],
};

/** A visitor can only withdraw, and only while the visit is still open. */
const VISITOR_TRANSITIONS: Readonly<Partial<Record<QueueStatus, readonly QueueStatus[]>>> = {
  waiting: ["cancelled"],
  in_progress: ["cancelled"],
};

/**
 * The queue_events type recorded for a change into `to` from `from`, and for the calls that leave
 * the status alone: a waiting visitor called to a desk, called again, or put back uncalled.
 */
export type QueueEventType =
  | "joined"
  | "called"
  | "recalled"
  | "started"
  | "completed"
  | "returned"
  | "cancelled"
  | "no_show";

/** What a staff member may do with a waiting visitor's call (docs/queue-statuses.md, "Calling"). */
export const CALL_ACTIONS = ["call", "recall", "uncall"] as const;
export type CallAction = (typeof CALL_ACTIONS)[number];

/** A call needs a waiting visitor: "call" one not yet called; "recall" and "uncall" one who is. */
export function canCall(
  visit: { status: QueueStatus; calledAt: Date | string | null },
  action: CallAction,
): boolean {
  if (visit.status !== "waiting") return false;
  return action === "call" ? visit.calledAt === null : visit.calledAt !== null;
}

export function canTransition(from: QueueStatus, to: QueueStatus, actor: QueueActor): boolean {
  const allowed = actor === "visitor" ? (VISITOR_TRANSITIONS[from] ?? []) : QUEUE_TRANSITIONS[from];
  return allowed.includes(to);
}

export function eventTypeFor(from: QueueStatus, to: QueueStatus): QueueEventType {
  if (to === "in_progress") return "started";
  if (to === "waiting" && from === "in_progress") return "returned";
  if (to === "completed") return "completed";
  if (to === "no_show") return "no_show";
  return "cancelled";
}
