// handleInboundSms: a visitor's SMS reply. It is recorded once per provider message (a webhook
// delivered twice records and acts once) and acted on in the same transaction: CANCEL leaves the
// line (with no open visit it is an opt-out, as carriers read it), STOP / START opt the number out
// of and back into the vendor's SMS, HERE marks arrival, HELP and anything else get the help text.
// The answer is a queued message like any other, so it is recorded, retried and shown in the log.
import { and, eq } from "drizzle-orm";
import type { MessageKind } from "../../../shared/notifications/message-kinds.ts";
import type { AppCaches } from "../../caches/app-caches.ts";
import type { Db, Tx } from "../../db/client.ts";
import { queueAppointments, smsOptOuts } from "../../db/schema.ts";
import type { DomainEventBus } from "../../events/domain-events.ts";
import { announceQueueChange } from "../../lobby/announce-queue-change.ts";
import { applyQueueStatusChange } from "../../queue/apply-queue-status-change.ts";
import { markVisitorArrived } from "../../queue/mark-visitor-arrived.ts";
import type { SiteLinks } from "../compose-visitor-messages.ts";
import { recordInboundSms } from "../message-store.ts";
import { findSmsConversation, findSmsVisit } from "./find-sms-conversation.ts";
import { queueSmsAnswer, type SmsReply } from "./queue-sms-answer.ts";
import type { VisitMessagesChange } from "./record-sms-status.ts";
import { type SmsKeyword, smsKeyword } from "./sms-keyword.ts";

export type InboundSms = {
  from: string;
  /** the number texted (one number serves the deployment for now: it does not pick the vendor) */
  to: string;
  body: string;
  provider: string;
  providerMessageId: string;
};

export type HandleInboundSmsOptions = {
  db: Db;
  events: DomainEventBus;
  caches: AppCaches;
  logger?: { error(details: object, message: string): void };
  /** where the answers' links point */
  site: SiteLinks;
  now?: Date;
  inbound: InboundSms;
};

export type InboundSmsAction = "cancelled" | "opted_out" | "opted_in" | "arrived" | "none";

export type InboundSmsOutcome =
  | { recorded: false; reason: "unknown_sender" | "duplicate" }
  | {
      recorded: true;
      inboundId: number;
      action: InboundSmsAction;
      answer: MessageKind | null;
      /** the visit the reply was linked to: its messages changed */
      visit: VisitMessagesChange | null;
    };

export async function handleInboundSms(
  options: HandleInboundSmsOptions,
): Promise<InboundSmsOutcome> {
  const { db, inbound } = options;
  const now = options.now ?? new Date();
  const conversation = await findSmsConversation(db, inbound.from);
  if (!conversation) return { recorded: false, reason: "unknown_sender" };
  const visit = await findSmsVisit(db, conversation.vendorId, inbound.from);

  const result = await db.transaction(async (tx) => {
    const inboundId = await recordInboundSms(tx, {
      vendorId: conversation.vendorId,
      locationId: visit?.locationId ?? conversation.locationId,
      queueAppointmentId: visit?.id ?? null,
      from: inbound.from,
      body: inbound.body,
      lang: conversation.lang,
      provider: inbound.provider,
      providerMessageId: inbound.providerMessageId,
    });
    if (inboundId === null) return null;
    const reply: SmsReply = {
      tx,
      conversation,
      visit,
      from: inbound.from,
      now,
      cause: `reply:${inboundId}`,
      site: options.site,
    };
    const { action, answer, changed } = await actOn(reply, smsKeyword(inbound.body));
    return { inboundId, action, answer, changed };
  });
  if (!result) return { recorded: false, reason: "duplicate" };
  if (result.changed) {
    await announceQueueChange(options, {
      vendorId: result.changed.vendorId,
      locationId: result.changed.locationId,
      queueAppointmentId: result.changed.id,
    });
  }
  return {
    recorded: true,
    inboundId: result.inboundId,
    action: result.action,
    answer: result.answer,
    visit: visit
      ? {
          vendorId: conversation.vendorId,
          locationId: visit.locationId,
          queueAppointmentId: visit.id,
        }
      : null,
  };
}

type Acted = {
  action: InboundSmsAction;
  answer: MessageKind | null;
  /** the visit whose change the lobby must hear of */
  changed?: { id: number; vendorId: number; locationId: number };
};

async function actOn(reply: SmsReply, keyword: SmsKeyword | null): Promise<Acted> {
  const { tx, conversation, from } = reply;
  const openVisit = reply.visit?.active ? reply.visit : null;
  if (keyword === "stop" || (keyword === "cancel" && !openVisit)) {
    const added = await tx
      .insert(smsOptOuts)
      .values({ vendorId: conversation.vendorId, phone: from, optedOutAt: reply.now })
      .onConflictDoNothing()
      .returning({ phone: smsOptOuts.phone });
    // The one SMS allowed after STOP, and only once: a second STOP is not answered.
    if (added.length === 0) return { action: "opted_out", answer: null };
    return {
      action: "opted_out",
      answer: await queueSmsAnswer(reply, "stop_confirmed", { direct: true }),
    };
  }
  if (keyword === "start") {
    await tx
      .delete(smsOptOuts)
      .where(and(eq(smsOptOuts.vendorId, conversation.vendorId), eq(smsOptOuts.phone, from)));
    return { action: "opted_in", answer: await queueSmsAnswer(reply, "start_confirmed") };
  }
  if (keyword === "cancel" || keyword === "arrived") {
    const row = openVisit && (await lockOpenVisit(tx, conversation.vendorId, openVisit.id));
    if (row && keyword === "cancel") {
      const updated = await applyQueueStatusChange(tx, {
        row,
        to: "cancelled",
        now: reply.now,
        serverUserId: null,
        actorUserId: null,
        actor: "visitor",
      });
      return {
        action: "cancelled",
        answer: await queueSmsAnswer(reply, "cancel_confirmed"),
        changed: updated,
      };
    }
    if (row) {
      const updated = await markVisitorArrived(tx, row, { now: reply.now, actorUserId: null });
      return {
        action: updated ? "arrived" : "none",
        answer: await queueSmsAnswer(reply, "arrival_confirmed"),
        ...(updated ? { changed: updated } : {}),
      };
    }
  }
  return { action: "none", answer: await queueSmsAnswer(reply, "reply_help") };
}

/** The visit locked for the change, when it is still open. */
async function lockOpenVisit(tx: Tx, vendorId: number, id: number) {
  const [row] = await tx
    .select()
    .from(queueAppointments)
    .where(and(eq(queueAppointments.id, id), eq(queueAppointments.vendorId, vendorId)))
    .for("update");
  return row && (row.status === "waiting" || row.status === "in_progress") ? row : null;
}
