// Writing messages: a draft becomes a `messages` row, once per dedupe key (a handler or a reply run
// twice inserts nothing new). The message sender (message-sender.ts) takes it from there.
import { sql } from "drizzle-orm";
import type { Locale } from "../../shared/domain.ts";
import type { MessageChannel, MessageKind } from "../../shared/notifications/message-kinds.ts";
import type { DbOrTx } from "../db/client.ts";
import { messages } from "../db/schema.ts";

export type MessageDraft = {
  vendorId: number;
  locationId?: number | null;
  queueAppointmentId?: number | null;
  /** a booked appointment: its email carries the appointment's calendar file */
  appointmentId?: number | null;
  userId?: number | null;
  channel: MessageChannel;
  kind: MessageKind;
  recipient: string;
  lang: Locale;
  subject: string | null;
  body: string;
  /** the cause, unique per vendor: `event:{id}:{kind}:{channel}`, `visit:{id}:almost_turn:sms` … */
  dedupeKey: string | null;
  /** queued to send; suppressed: recorded but never sent (opted out), with the reason */
  status?: "queued" | "suppressed";
  statusReason?: string | null;
  /** not before (quiet hours, throttling); now when absent */
  nextAttemptAt?: Date;
};

/** Inserts the drafts not already written under their dedupe key; returns the new rows' ids. */
export async function insertMessages(
  db: DbOrTx,
  drafts: readonly MessageDraft[],
): Promise<number[]> {
  if (drafts.length === 0) return [];
  const rows = await db
    .insert(messages)
    .values(
      drafts.map((draft) => ({
        vendorId: draft.vendorId,
        locationId: draft.locationId ?? null,
        queueAppointmentId: draft.queueAppointmentId ?? null,
        appointmentId: draft.appointmentId ?? null,
        userId: draft.userId ?? null,
        direction: "outbound" as const,
        channel: draft.channel,
        kind: draft.kind,
        recipient: draft.recipient,
        lang: draft.lang,
        subject: draft.subject,
        body: draft.body,
        status: draft.status ?? "queued",
        statusReason: draft.statusReason ?? null,
        dedupeKey: draft.dedupeKey,
        ...(draft.nextAttemptAt ? { nextAttemptAt: draft.nextAttemptAt } : {}),
      })),
    )
    .onConflictDoNothing({ target: [messages.vendorId, messages.dedupeKey] })
    .returning({ id: messages.id });
  return rows.map((row) => row.id);
}

/** Records an SMS that came in (a reply), linked to the visit it answers when one was found. */
export async function recordInboundSms(
  db: DbOrTx,
  inbound: {
    vendorId: number;
    locationId: number | null;
    queueAppointmentId: number | null;
    from: string;
    body: string;
    lang: Locale;
    provider: string;
    providerMessageId: string;
  },
): Promise<number | null> {
  const rows = await db
    .insert(messages)
    .values({
      vendorId: inbound.vendorId,
      locationId: inbound.locationId,
      queueAppointmentId: inbound.queueAppointmentId,
      direction: "inbound",
      channel: "sms",
      kind: "reply",
      recipient: inbound.from,
      lang: inbound.lang,
      subject: null,
      // Whatever a phone sent, stored: the database's text cannot hold U+0000.
      body: inbound.body.replaceAll("\u0000", "\ufffd"),
      status: "received",
      provider: inbound.provider,
      providerMessageId: inbound.providerMessageId,
      // A provider that delivers a reply twice (its webhook retried) records it once.
      dedupeKey: `inbound:${inbound.provider}:${inbound.providerMessageId}`,
      sentAt: sql`now()`,
    })
    .onConflictDoNothing({ target: [messages.vendorId, messages.dedupeKey] })
    .returning({ id: messages.id });
  return rows[0]?.id ?? null;
}
