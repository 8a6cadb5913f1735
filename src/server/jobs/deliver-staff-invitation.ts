// Emails an invited staff member the link to set their password (staff-invitations.ts), from the
// job, as the reset email goes: a failure is retried, and the stored record never holds the link.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { passwordResetLink } from "../auth/password-reset-link.ts";
import { issuePasswordResetToken } from "../auth/password-resets.ts";
import { DELIVER_STAFF_INVITATION, INVITATION_TOKEN_TTL_MS } from "../auth/staff-invitations.ts";
import { users } from "../db/schema.ts";
import { sendAccountEmail } from "../notifications/email/send-account-email.ts";
import type { JobDeps } from "./durable-handlers.ts";
import { defineJobTask } from "./job-task.ts";

const payload = z.object({
  userId: z.number().int(),
  vendorId: z.number().int(),
  invitedByUserId: z.number().int(),
  requestHost: z.string(),
  deliveryId: z.string().uuid(),
});

export function deliverStaffInvitationTask(deps: JobDeps) {
  return defineJobTask(DELIVER_STAFF_INVITATION, {
    payload,
    async run({ userId, vendorId, invitedByUserId, requestHost, deliveryId }) {
      const [inviter] = await deps.db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, invitedByUserId))
        .limit(1);
      await sendAccountEmail(deps, {
        kind: "invitation",
        vendorId,
        userId,
        deliveryKey: deliveryId,
        linkVariable: "invite_link",
        values: {
          invited_by: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : "",
          expires_minutes: String(INVITATION_TOKEN_TTL_MS / 60_000),
          // 10080 minutes reads better as 7 days, once the wording names this variable.
          expires_days: String(INVITATION_TOKEN_TTL_MS / 86_400_000),
        },
        async issueLink() {
          const issued = await issuePasswordResetToken(deps.db, {
            userId,
            vendorId,
            lifetimeMs: INVITATION_TOKEN_TTL_MS,
          });
          if (!issued) return null;
          return passwordResetLink(deps.db, {
            requestHost,
            vendorId,
            publicUrl: deps.config.PUBLIC_URL,
            token: issued.token,
            invitation: true,
          });
        },
      });
    },
  });
}
