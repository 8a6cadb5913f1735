// Which permissions a change of a queue appointment needs (docs/permissions.md); the change itself
// is the contract in src/shared/contracts/queue-appointment-patch.ts.
import type { PatchAttributes } from "../../shared/contracts/queue-appointment-patch.ts";
import type { Permission } from "../../shared/permissions.ts";

/**
 * The permissions a change needs (docs/permissions.md): cancelling is queue.cancel, every other
 * status, "arrived" and a call (call, recall, uncall, desk) queue.serve, links queue.set_meeting_link, and assigning someone other than
 * oneself queue.edit.
 */
export function permissionsFor(attributes: PatchAttributes, callerId: number): Permission[] {
  const needed = new Set<Permission>();
  if (attributes.status !== undefined)
    needed.add(attributes.status === "cancelled" ? "queue.cancel" : "queue.serve");
  if (attributes.meeting_link !== undefined || attributes.dial_in !== undefined)
    needed.add("queue.set_meeting_link");
  if (attributes.user_id !== undefined)
    needed.add(attributes.user_id === callerId ? "queue.serve" : "queue.edit");
  if (attributes.arrived !== undefined) needed.add("queue.serve");
  if (attributes.call !== undefined || attributes.desk !== undefined) needed.add("queue.serve");
  return [...needed];
}
