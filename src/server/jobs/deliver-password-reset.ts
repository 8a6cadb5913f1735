// Makes and emails the reset link a password-reset request queued (password-resets.ts), off the
// request path so known and unknown addresses answer alike. The email goes out from this job (a
// failure is retried with the job); its record in the messages table never holds the link.
import { z } from "zod";
import { passwordResetLink } from "../auth/password-reset-link.ts";
import {
  DELIVER_PASSWORD_RESET,
  issuePasswordResetToken,
  RESET_TOKEN_TTL_MS,
} from "../auth/password-resets.ts";
import { sendAccountEmail } from "../notifications/email/send-account-email.ts";
import type { JobDeps } from "./durable-handlers.ts";
import { defineJobTask } from "./job-task.ts";

const payload = z.object({
  userId: z.number().int().nullable(),
  vendorId: z.number().int(),
  requestHost: z.string(),
  // Absent on jobs queued before it existed: those send without the once-only guard.
  deliveryId: z.string().uuid().optional(),
});

export function deliverPasswordResetTask(deps: JobDeps) {
  return defineJobTask(DELIVER_PASSWORD_RESET, {
    payload,
    async run({ userId, vendorId, requestHost, deliveryId }) {
      // An address with no account: the request's job, with nothing to deliver.
      if (userId === null) return;
      await sendAccountEmail(deps, {
        kind: "password_reset",
        vendorId,
        userId,
        deliveryKey: deliveryId ?? null,
        linkVariable: "reset_link",
        values: { expires_minutes: String(RESET_TOKEN_TTL_MS / 60_000) },
        async issueLink() {
          const issued = await issuePasswordResetToken(deps.db, { userId, vendorId });
          if (!issued) return null;
          return passwordResetLink(deps.db, {
            requestHost,
            vendorId,
            publicUrl: deps.config.PUBLIC_URL,
            token: issued.token,
          });
        },
      });
    },
  });
}
