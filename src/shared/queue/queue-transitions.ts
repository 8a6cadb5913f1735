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

/** The queue_events type recorded for a change into `to` from `from`. */
export type QueueEventType =
  | "joined"
  | "started"
  | "completed"
  | "returned"
  | "cancelled"
  | "no_show";

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
