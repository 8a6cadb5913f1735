// Turns a queue appointment and its related rows into JSON:API (spec §3 Queue appointment): the
// open GET and POST routes answer with it, and realtime sends its status, dial_in, meeting_link and user.
// Its people ahead are counted by place-in-line.ts, the rule the live wait-time list follows too.

import { and, asc, eq } from "drizzle-orm";
import type {
  QueueAppointmentDocument,
  QueueAppointmentResource,
} from "../../shared/contracts/queue-appointment.ts";
import { MAX_ID } from "../../shared/contracts/resource-id.ts";
import type { Locale } from "../../shared/domain.ts";
import { channelIdOf } from "../../shared/queue/booking-source.ts";
import { displayPhoneNumber } from "../../shared/queue/phone-number.ts";
import { translated } from "../../shared/translations.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  answers,
  clients,
  feedback,
  locations,
  queueAppointments,
  services,
  users,
} from "../db/schema.ts";
import { presentLocation } from "../locations/present-location.ts";
import { countPeopleAhead } from "./place-in-line.ts";
import { presentVisitorCall } from "./present-visitor-call.ts";

type QueueAppointmentRow = typeof queueAppointments.$inferSelect;

export type QueueAppointmentRelated = {
  client: typeof clients.$inferSelect;
  service: typeof services.$inferSelect;
  location: typeof locations.$inferSelect;
  user: { firstName: string; lastName: string } | null;
  answers: (typeof answers.$inferSelect)[];
  feedbackGiven: boolean;
  /** while waiting and not called: the people ahead (place-in-line.ts); else null */
  peopleAhead: number | null;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The resource itself; its attributes hold no translated text, so the locale only shapes `included`. */
export function presentQueueAppointment(
  row: QueueAppointmentRow,
  related: QueueAppointmentRelated,
  _locale: Locale,
  now = new Date(),
): QueueAppointmentResource {
  const { client, user } = related;
  const waiting = row.status === "waiting";
  return {
    type: "queue-appointments" as const,
    id: String(row.id),
    attributes: {
      status: row.status,
      confirm_code: row.confirmCode,
      ticket: row.ticket,
      booked_through: row.bookedThrough,
      channel_id: channelIdOf(row.bookedThrough),
      source: row.source,
      location_id: String(row.locationId),
      service_id: String(row.serviceId),
      meeting_method: row.meetingMethod,
      fulfillment_method: row.fulfillmentMethod,
      car_details: row.carDetails
        ? {
            make: row.carDetails.make,
            model: row.carDetails.model,
            colour: row.carDetails.colour,
            parking_space: row.carDetails.parking_space ?? null,
          }
        : null,
      notes: row.notes,
      workflow_id: row.workflowId,
      lang: row.lang,
      tracking: row.tracking,
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
      queued_at: row.queuedAt.toISOString(),
      expected_start: waiting ? iso(row.expectedStart) : null,
      wait_seconds:
        waiting && row.expectedStart
          ? Math.max(0, Math.round((row.expectedStart.getTime() - now.getTime()) / 1000))
          : null,
      quoted_wait_seconds: row.quotedWaitSeconds,
      people_ahead: waiting && row.calledAt === null ? related.peopleAhead : null,
      called_at: iso(row.calledAt),
      call: presentVisitorCall(row),
      started_at: iso(row.startedAt),
      ended_at: iso(row.endedAt),
      meeting_link: row.meetingLink,
      dial_in: row.dialIn
        ? {
            e164: row.dialIn.e164,
            international: row.dialIn.international,
            pin: row.dialIn.pin ?? null,
          }
        : null,
      user: user ? { full_name: `${user.firstName} ${user.lastName}`.trim() } : null,
      client: {
        cell_phone_formatted: formattedCellPhone(related),
      },
      feedback_given: related.feedbackGiven,
    },
    relationships: {
      client: { data: { type: "clients" as const, id: String(client.id) } },
      service: { data: { type: "services" as const, id: String(row.serviceId) } },
      location: { data: { type: "locations" as const, id: String(row.locationId) } },
      answers: {
        data: related.answers.map((a) => ({ type: "answers" as const, id: String(a.id) })),
      },
    },
  };
}

/** The visitor's number for display; the appointment and its included client show it, formatted once. */
const formattedPhones = new WeakMap<QueueAppointmentRelated["client"], string | null>();
function formattedCellPhone(related: QueueAppointmentRelated): string | null {
  const { client } = related;
  let formatted = formattedPhones.get(client);
  if (formatted === undefined) {
    formatted = client.cellPhone
      ? displayPhoneNumber(client.cellPhone, related.location.country)
      : null;
    formattedPhones.set(client, formatted);
  }
  return formatted;
}

export function presentQueueAppointmentIncluded(
  related: QueueAppointmentRelated,
  locale: Locale,
  now = new Date(),
): QueueAppointmentDocument["included"] {
  const { client, service, location } = related;
  return [
    {
      type: "clients" as const,
      id: String(client.id),
      attributes: {
        external_id: client.externalId,
        first_name: client.firstName,
        last_name: client.lastName,
        email: client.email,
        cell_phone: client.cellPhone,
        cell_phone_formatted: formattedCellPhone(related),
        notes: client.notes,
        lang: client.lang,
        receive_sms: client.receiveSms,
      },
    },
    {
      type: "services" as const,
      id: String(service.id),
      attributes: {
        name: translated(service.translations, "name", locale, service.name),
        instructions: service.instructions
          ? translated(service.translations, "instructions", locale, service.instructions)
          : null,
        supports_curbside_pickup: service.supportsCurbsidePickup,
        supports_walkin: service.supportsWalkin,
      },
    },
    presentLocation(location, locale, now),
    ...related.answers.map((answer) => ({
      type: "answers" as const,
      id: String(answer.id),
      attributes: { question_id: String(answer.questionId), value: answer.value },
    })),
  ];
}

/** Loads everything the presenter needs for one appointment of the vendor; null when there is none. */
export async function loadQueueAppointmentRelated(
  db: DbOrTx,
  row: QueueAppointmentRow,
): Promise<QueueAppointmentRelated | null> {
  const vendorId = row.vendorId;
  const [joined] = await db
    .select({
      client: clients,
      service: services,
      location: locations,
      userFirst: users.firstName,
      userLast: users.lastName,
    })
    .from(queueAppointments)
    .innerJoin(
      clients,
      and(eq(clients.id, queueAppointments.clientId), eq(clients.vendorId, vendorId)),
    )
    .innerJoin(
      services,
      and(eq(services.id, queueAppointments.serviceId), eq(services.vendorId, vendorId)),
    )
    .innerJoin(
      locations,
      and(eq(locations.id, queueAppointments.locationId), eq(locations.vendorId, vendorId)),
    )
    .leftJoin(users, and(eq(users.id, queueAppointments.userId), eq(users.vendorId, vendorId)))
    .where(and(eq(queueAppointments.id, row.id), eq(queueAppointments.vendorId, vendorId)));
  if (!joined) return null;
  const answerRows = await db
    .select()
    .from(answers)
    .where(and(eq(answers.queueAppointmentId, row.id), eq(answers.vendorId, vendorId)))
    .orderBy(asc(answers.id));
  const [given] = await db
    .select({ id: feedback.id })
    .from(feedback)
    .where(and(eq(feedback.queueAppointmentId, row.id), eq(feedback.vendorId, vendorId)));
  const peopleAhead =
    row.status === "waiting" && row.calledAt === null
      ? await countPeopleAhead(db, { vendorId, id: row.id })
      : null;
  return {
    client: joined.client,
    service: joined.service,
    location: joined.location,
    user:
      joined.userFirst !== null && joined.userLast !== null
        ? { firstName: joined.userFirst, lastName: joined.userLast }
        : null,
    answers: answerRows,
    feedbackGiven: given !== undefined,
    peopleAhead,
  };
}

/** The whole document of GET /api/v2/open/queue-appointments/{id}; null when the vendor has no such id. */
export async function loadQueueAppointmentDocument(
  db: DbOrTx,
  options: { vendorId: number; id: number; locale: Locale },
) {
  if (!Number.isSafeInteger(options.id) || options.id < 1 || options.id > MAX_ID) return null;
  const [row] = await db
    .select()
    .from(queueAppointments)
    .where(
      and(eq(queueAppointments.id, options.id), eq(queueAppointments.vendorId, options.vendorId)),
    );
  if (!row) return null;
  const related = await loadQueueAppointmentRelated(db, row);
  if (!related) return null;
  return presentQueueAppointmentDocument(row, related, options.locale);
}

/** The document from rows in hand (the join presents the rows it has just written). */
export function presentQueueAppointmentDocument(
  row: QueueAppointmentRow,
  related: QueueAppointmentRelated,
  locale: Locale,
  now = new Date(),
): QueueAppointmentDocument {
  return {
    data: presentQueueAppointment(row, related, locale, now),
    included: presentQueueAppointmentIncluded(related, locale, now),
  };
}
