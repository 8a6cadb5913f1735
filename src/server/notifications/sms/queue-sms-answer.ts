// The answer to an SMS reply, queued as a message like any other (recorded, retried, shown in the
// message log): composed for the visit like every visitor message (consent, opt-out, language, the
// vendor's wording), or written straight from the template when there is no visit to compose for,
// or when it must reach a number just opted out (stop_confirmed, the one SMS allowed after STOP).
import { and, eq } from "drizzle-orm";
import type { MessageKind } from "../../../shared/notifications/message-kinds.ts";
import { renderTemplate } from "../../../shared/notifications/render-template.ts";
import type { Tx } from "../../db/client.ts";
import { smsOptOuts } from "../../db/schema.ts";
import { composeVisitorMessages, type SiteLinks } from "../compose-visitor-messages.ts";
import { insertMessages, type MessageDraft } from "../message-store.ts";
import { resolveTemplate } from "../templates/resolve-template.ts";
import type { SmsConversation, SmsVisit } from "./find-sms-conversation.ts";

/** A reply being handled, inside its transaction. */
export type SmsReply = {
  tx: Tx;
  conversation: SmsConversation;
  visit: SmsVisit | null;
  from: string;
  now: Date;
  /** the answers' cause: their dedupe keys are `${cause}:${kind}:sms` */
  cause: string;
  /** where the answers' links point */
  site: SiteLinks;
};

/** Queues the answer of this kind; the kind when one will be sent, null when none may be. */
export async function queueSmsAnswer(
  reply: SmsReply,
  kind: MessageKind,
  options: { direct?: boolean } = {},
): Promise<MessageKind | null> {
  const { tx, visit } = reply;
  let drafts: MessageDraft[];
  if (visit && !options.direct) {
    drafts = await composeVisitorMessages(tx, {
      queueAppointmentId: visit.id,
      kinds: [kind],
      cause: reply.cause,
      channels: ["sms"],
      site: reply.site,
      now: reply.now,
    });
  } else {
    const draft = await directAnswer(reply, kind);
    drafts = draft ? [draft] : [];
  }
  const ids = await insertMessages(tx, drafts);
  // A number that replied STOP gets its answer recorded, suppressed, as every other message.
  const sendable = drafts.some((draft) => draft.status !== "suppressed");
  return ids.length > 0 && sendable ? kind : null;
}

async function directAnswer(reply: SmsReply, kind: MessageKind): Promise<MessageDraft | null> {
  const { tx, conversation: c, visit } = reply;
  // STOP is confirmed whatever the vendor's setting: carriers require it.
  if (kind !== "stop_confirmed" && !c.sendsSms) return null;
  const optedOut = kind !== "stop_confirmed" && (await isOptedOut(tx, c.vendorId, reply.from));
  const locationId = visit?.locationId ?? c.locationId;
  const template = await resolveTemplate(tx, {
    vendorId: c.vendorId,
    locationId,
    kind,
    channel: "sms",
    lang: c.lang,
    synonyms: c.synonyms,
  });
  if (!template) return null;
  return {
    vendorId: c.vendorId,
    locationId,
    queueAppointmentId: visit?.id ?? null,
    channel: "sms",
    kind,
    recipient: reply.from,
    lang: c.lang,
    subject: null,
    body: renderTemplate(template.body, { vendor: c.vendorName, location: c.locationName ?? "" }),
    dedupeKey: `${reply.cause}:${kind}:sms`,
    ...(optedOut ? { status: "suppressed" as const, statusReason: "opted_out" } : {}),
  };
}

async function isOptedOut(tx: Tx, vendorId: number, phone: string): Promise<boolean> {
  const rows = await tx
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.vendorId, vendorId), eq(smsOptOuts.phone, phone)));
  return rows.length > 0;
}
