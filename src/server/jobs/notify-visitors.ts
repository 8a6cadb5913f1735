// Durable handler: a visit's changes become the messages its visitor is owed — the confirmation
// when they join (and, curbside, "reply HERE when you arrive"), "your turn" by meeting method when
// they are called (a video call's once its link is set), and what happened when they are put back,
// cancelled by staff, missed (only a visitor who was called), or served. Decided by the visit as it is now, not by the event alone:
// jobs run at least once and in no promised order. Each message is written once per cause (the
// event, or the visit's call), so a job run twice queues nothing new; the sender sends them.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { MessageKind } from "../../shared/notifications/message-kinds.ts";
import type { Db } from "../db/client.ts";
import { queueAppointments } from "../db/schema.ts";
import type { DispatchedEvent } from "../events/outbox.ts";
import { almostTurnCause, isAlmostTurn, readLine } from "../notifications/almost-turn.ts";
import {
  composeVisitorMessages,
  type SiteLinks,
} from "../notifications/compose-visitor-messages.ts";
import { insertMessages, type MessageDraft } from "../notifications/message-store.ts";
import { defineEventHandler } from "./event-handler.ts";

const payload = z.object({
  locationId: z.number().int(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actorUserId: z.number().int().nullable(),
});

type Visit = {
  id: number;
  status: string;
  meetingMethod: number;
  fulfillmentMethod: number;
  meetingLink: string | null;
  calledAt: Date | null;
  startedAt: Date | null;
};

const CURBSIDE = 2;
const PHONE = 2;
const VIDEO = 3;

/** "Your turn" for how the visitor is served. */
function calledKind(visit: Visit): MessageKind {
  if (visit.fulfillmentMethod === CURBSIDE) return "called_curbside";
  if (visit.meetingMethod === PHONE) return "called_phone";
  if (visit.meetingMethod === VIDEO) return "called_video";
  return "called_in_person";
}

/** What the event asks to be said now, and under which cause; null when nothing. */
export function messagesFor(
  event: Pick<DispatchedEvent, "id" | "type">,
  actorUserId: number | null,
  visit: Visit,
): { kinds: MessageKind[]; cause: string } | null {
  const byEvent = (kinds: MessageKind[]) => ({ kinds, cause: `event:${event.id}` });
  // Once per call, however it reached them (the call, or a start without one, which stamps the
  // call too): a recall says nothing new; a visitor put back and called again hears again.
  const call = () => ({
    kinds: [calledKind(visit)],
    cause: `visit:${visit.id}:call:${(visit.calledAt ?? visit.startedAt)?.getTime() ?? 0}`,
  });
  const calledOrServed =
    visit.status === "in_progress" || (visit.status === "waiting" && visit.calledAt !== null);
  switch (event.type) {
    case "queue_appointment.joined":
      return byEvent(
        visit.fulfillmentMethod === CURBSIDE ? ["joined", "curbside_arrival_prompt"] : ["joined"],
      );
    case "queue_appointment.called":
    case "queue_appointment.started":
      if (!calledOrServed) return null;
      // A video call is announced with its link: when staff set it (an update), if not yet.
      if (calledKind(visit) === "called_video" && !visit.meetingLink) return null;
      return call();
    case "queue_appointment.updated":
      if (!calledOrServed || calledKind(visit) !== "called_video" || !visit.meetingLink)
        return null;
      return call();
    case "queue_appointment.returned":
      return visit.status === "waiting" ? byEvent(["returned"]) : null;
    case "queue_appointment.cancelled":
      // A visitor who cancelled on their page, or by replying CANCEL (answered on its own), knows.
      return actorUserId !== null && visit.status === "cancelled" ? byEvent(["cancelled"]) : null;
    case "queue_appointment.no_show":
      // "We could not reach you when it was your turn" only to a visitor who was called.
      return visit.status === "no_show" && visit.calledAt !== null ? byEvent(["no_show"]) : null;
    case "queue_appointment.completed":
      return visit.status === "completed" ? byEvent(["completed"]) : null;
    default:
      return null;
  }
}

/**
 * A visitor close to their turn when they join hears it from the confirmation itself: their
 * "almost your turn" is recorded as suppressed, so the sweep never sends it for this place.
 */
async function alreadyClose(
  deps: { db: Db; site: SiteLinks },
  vendorId: number,
  visit: Visit & { queuedAt: Date; locationId: number },
): Promise<MessageDraft[]> {
  if (visit.status !== "waiting") return [];
  const read = await readLine(deps.db, { vendorId, locationId: visit.locationId });
  const place = read?.line.find((other) => other.id === visit.id);
  if (!read || !place) return [];
  if (!isAlmostTurn(place.ahead, place.expectedStart, read.settings, new Date())) return [];
  const drafts = await composeVisitorMessages(deps.db, {
    queueAppointmentId: visit.id,
    kinds: ["almost_turn"],
    cause: almostTurnCause(visit),
    site: deps.site,
  });
  return drafts.map((draft) => ({ ...draft, status: "suppressed", statusReason: "close_at_join" }));
}

export function notifyVisitorsHandler(deps: { db: Db; site: SiteLinks; wakeSender: () => void }) {
  return defineEventHandler({
    name: "notify-visitors",
    version: 1,
    handles: [
      "queue_appointment.joined",
      "queue_appointment.called",
      "queue_appointment.started",
      "queue_appointment.updated",
      "queue_appointment.returned",
      "queue_appointment.cancelled",
      "queue_appointment.no_show",
      "queue_appointment.completed",
    ],
    delivery: "durable",
    payload,
    async handle(event, { actorUserId }) {
      const [visit] = await deps.db
        .select({
          id: queueAppointments.id,
          status: queueAppointments.status,
          meetingMethod: queueAppointments.meetingMethod,
          fulfillmentMethod: queueAppointments.fulfillmentMethod,
          meetingLink: queueAppointments.meetingLink,
          calledAt: queueAppointments.calledAt,
          startedAt: queueAppointments.startedAt,
          queuedAt: queueAppointments.queuedAt,
          locationId: queueAppointments.locationId,
        })
        .from(queueAppointments)
        .where(eq(queueAppointments.id, event.aggregateId))
        .limit(1);
      if (!visit) return;
      const wanted = messagesFor(event, actorUserId, visit);
      if (!wanted) return;
      const drafts = await composeVisitorMessages(deps.db, {
        queueAppointmentId: visit.id,
        kinds: wanted.kinds,
        cause: wanted.cause,
        site: deps.site,
      });
      if (event.type === "queue_appointment.joined" && drafts.length > 0)
        drafts.push(...(await alreadyClose(deps, event.vendorId, visit)));
      // One statement: the sweep never sees the confirmation without its "already close" mark.
      const inserted = await insertMessages(deps.db, drafts);
      if (inserted.length > 0) deps.wakeSender();
    },
  });
}
