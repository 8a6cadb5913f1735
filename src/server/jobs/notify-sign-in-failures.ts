// Durable handler: after a burst of failed sign-ins (staff.sign_in_failures), the account's owner
// is told by email in their language, with a link to choose a new password. Queued once per event
// in the messages table; the message sender sends it.
import { z } from "zod";
import { forgotPasswordLink } from "../auth/password-reset-link.ts";
import {
  composeStaffEmail,
  loadStaffRecipient,
  loadVendor,
} from "../notifications/email/compose-staff-email.ts";
import { insertMessages } from "../notifications/message-store.ts";
import type { JobDeps } from "./durable-handlers.ts";
import { defineEventHandler, onceForEvent } from "./event-handler.ts";

export function notifySignInFailuresHandler(deps: Pick<JobDeps, "db" | "config">) {
  const handler = defineEventHandler({
    name: "notify-sign-in-failures",
    version: 1,
    handles: ["staff.sign_in_failures"],
    delivery: "durable",
    payload: z.object({ failures: z.number().int() }).loose(),
    async handle(event, payload) {
      const { db, config } = deps;
      const [recipient, vendor] = await Promise.all([
        loadStaffRecipient(db, event.aggregateId),
        loadVendor(db, event.vendorId),
      ]);
      // A deactivated account can neither sign in nor reset its password: nothing to tell.
      if (!recipient?.active || !vendor) return;
      const resetLink = await forgotPasswordLink(db, {
        vendorId: vendor.id,
        publicUrl: config.PUBLIC_URL,
        email: recipient.email,
      });
      const text = await composeStaffEmail(db, {
        vendor,
        recipient,
        kind: "sign_in_failures",
        values: { failures: String(payload.failures), reset_link: resetLink },
      });
      await onceForEvent(db, handler, event.id, async (tx) => {
        await insertMessages(tx, [
          {
            vendorId: event.vendorId,
            userId: recipient.userId,
            channel: "email",
            kind: "sign_in_failures",
            recipient: recipient.email,
            lang: recipient.lang,
            subject: text.subject,
            body: text.body,
            dedupeKey: `event:${event.id}:sign_in_failures:email`,
          },
        ]);
      });
    },
  });
  return handler;
}
