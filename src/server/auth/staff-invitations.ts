// Inviting a staff member: a job emails them a link to set their password, made like a reset link
// (the same token table and completion route, POST …/password-resets/{token}) but valid 7 days.
import { randomUUID } from "node:crypto";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { JobTaskRef } from "../jobs/job-task.ts";

export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type StaffInvitationDelivery = {
  /** the invited account (created without a password) */
  userId: number;
  vendorId: number;
  /** whose name the email gives as the inviter */
  invitedByUserId: number;
  /** the host the invitation was made on: the link uses it when it is one of the vendor's */
  requestHost: string;
  /** one per invitation: its email is sent once however often the job runs */
  deliveryId: string;
};

/** The job that issues the set-password token and sends the invitation (deliver-staff-invitation.ts). */
export const DELIVER_STAFF_INVITATION: JobTaskRef<StaffInvitationDelivery> = {
  name: "deliver-staff-invitation",
  version: 1,
};

/** Queues the invitation email of an account; a second call sends a new one (a new link). */
export async function queueStaffInvitation(
  jobs: Pick<JobQueue, "send">,
  input: Omit<StaffInvitationDelivery, "deliveryId">,
): Promise<void> {
  await jobs.send(DELIVER_STAFF_INVITATION, { ...input, deliveryId: randomUUID() });
}

/** Queues the invitation emails of many accounts at once (a staff import), one job each. */
export async function queueStaffInvitations(
  jobs: Pick<JobQueue, "sendMany">,
  inputs: readonly Omit<StaffInvitationDelivery, "deliveryId">[],
): Promise<void> {
  if (inputs.length === 0) return;
  await jobs.sendMany(
    DELIVER_STAFF_INVITATION,
    inputs.map((input) => ({ ...input, deliveryId: randomUUID() })),
  );
}
