// Sends an email carrying a single-use link (password reset, invitation) from the job that made the
// link, rather than through the message sender: the link is a secret the messages table must never
// hold. The row records the email with the link replaced by "[link]"; a failure throws, so the job
// is retried, and a retried job that finds its email sent does not send it again.
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { messages } from "../../db/schema.ts";
import { type EmailTransport, PermanentDeliveryError } from "../channels.ts";
import { insertMessages } from "../message-store.ts";
import {
  composeStaffEmail,
  loadStaffRecipient,
  loadVendor,
  type StaffRecipient,
} from "./compose-staff-email.ts";
import { renderEmailHtml, renderEmailText } from "./render-email-html.ts";

export type AccountEmailDeps = {
  db: Db;
  config: Config;
  email: EmailTransport;
  log: FastifyBaseLogger;
};

/** What a row sent by its job is written with, so the message sender never claims it. */
const NOT_FOR_THE_SENDER = new Date("9999-12-31T00:00:00Z");

/** The mark a secret link is stored as. */
export const REDACTED_LINK = "[link]";

export type AccountEmail = {
  kind: "password_reset" | "invitation";
  /** the vendor the account is reached through (its host, its branding) */
  vendorId: number;
  userId: number;
  /** one per request, the same on every retry of its job; null sends without that guard */
  deliveryKey: string | null;
  /** the template variable that holds the link */
  linkVariable: string;
  /** the kind's other variables */
  values: Record<string, string>;
  /** makes the single-use link; null when the account no longer qualifies */
  issueLink(): Promise<string | null>;
};

export type AccountEmailOutcome = "sent" | "already_sent" | "not_eligible" | "refused";

export async function sendAccountEmail(
  deps: AccountEmailDeps,
  input: AccountEmail,
): Promise<AccountEmailOutcome> {
  const { db } = deps;
  const dedupeKey = input.deliveryKey && `${input.kind}:${input.deliveryKey}:email`;
  const [earlier] = dedupeKey
    ? await db
        .select({ id: messages.id, status: messages.status })
        .from(messages)
        .where(and(eq(messages.vendorId, input.vendorId), eq(messages.dedupeKey, dedupeKey)))
    : [];
  if (earlier?.status === "sent" || earlier?.status === "delivered") return "already_sent";

  const [recipient, vendor] = await Promise.all([
    loadStaffRecipient(db, input.userId),
    loadVendor(db, input.vendorId),
  ]);
  if (!recipient || !vendor) return "not_eligible";
  const link = await input.issueLink();
  if (!link) return "not_eligible";

  const compose = (shownLink: string) =>
    composeStaffEmail(db, {
      vendor,
      recipient,
      kind: input.kind,
      values: { ...input.values, [input.linkVariable]: shownLink },
    });
  const [stored, sent] = await Promise.all([compose(REDACTED_LINK), compose(link)]);

  const messageId = await recordSending(db, { input, recipient, stored, dedupeKey });
  try {
    const result = await deps.email.send({
      messageId,
      to: recipient.email,
      from: deps.config.MAIL_FROM,
      subject: sent.subject,
      text: renderEmailText(sent.body),
      html: renderEmailHtml({
        lang: recipient.lang,
        subject: sent.subject,
        body: sent.body,
        vendor: {
          name: vendor.name,
          logoUrl: vendor.theme.logo_url,
          primaryColour: vendor.theme.primary_colour,
        },
      }),
      lang: recipient.lang,
    });
    await db
      .update(messages)
      .set({
        status: "sent",
        statusReason: null,
        provider: deps.email.name,
        providerMessageId: result.providerMessageId,
        sentAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(messages.id, messageId));
    return "sent";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .update(messages)
      .set({
        status: "failed",
        statusReason: reason,
        provider: deps.email.name,
        updatedAt: sql`now()`,
      })
      .where(eq(messages.id, messageId));
    // The server refused the address: another attempt would be refused too.
    if (error instanceof PermanentDeliveryError) {
      deps.log.warn({ messageId, kind: input.kind, reason }, "account email refused for good");
      return "refused";
    }
    throw error;
  }
}

/**
 * Writes the row (or finds the one an earlier attempt wrote) in state "sending", owned by this job,
 * and returns its id.
 */
async function recordSending(
  db: Db,
  args: {
    input: AccountEmail;
    recipient: StaffRecipient;
    stored: { subject: string; body: string };
    dedupeKey: string | null;
  },
): Promise<number> {
  const { input, recipient, stored, dedupeKey } = args;
  return db.transaction(async (tx) => {
    const [inserted] = await insertMessages(tx, [
      {
        vendorId: input.vendorId,
        userId: recipient.userId,
        channel: "email",
        kind: input.kind,
        recipient: recipient.email,
        lang: recipient.lang,
        subject: stored.subject,
        body: stored.body,
        dedupeKey,
        nextAttemptAt: NOT_FOR_THE_SENDER,
      },
    ]);
    let id = inserted;
    if (id === undefined && dedupeKey) {
      // Written by an earlier attempt that failed or died before sending.
      const [row] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.vendorId, input.vendorId), eq(messages.dedupeKey, dedupeKey)));
      id = row?.id;
    }
    if (id === undefined) throw new Error("the account email's row was not written");
    await tx
      .update(messages)
      .set({ status: "sending", attempts: sql`${messages.attempts} + 1`, updatedAt: sql`now()` })
      .where(eq(messages.id, id));
    return id;
  });
}
