// bookAppointment: a visitor books a slot the availability engine offers (spec §2 client booking
// steps, §4). The slot is checked against the engine on the day's data, a staff member and a room
// are picked, and the client, the appointment, its answers and an `appointment.booked` event are
// written in one transaction. Double booking is impossible whatever the race: an exclusion
// constraint over (staff, time range) and one over (room, time range) refuse the second of two
// concurrent writes (decision 0025); the loser tries the slot's next free staff member, and when
// none is left is answered 409 with the nearest free slots. A queue place being converted (spec §4
// Convert) is cancelled in the same transaction, so the visitor never holds both or neither.
// Staff book through the same command on a client's behalf (docs/schedule.md, `staff`): at private
// locations too, without the client view's time in advance and window, for an existing client or
// a new one; the audit log records who booked (a client's own booking: actor null).
import { and, eq } from "drizzle-orm";
import type { AppointmentBooking } from "../../shared/contracts/appointment.ts";
import type { Locale } from "../../shared/domain.ts";
import { buildJoinSchema, type JoinInput } from "../../shared/queue/join-schema.ts";
import { QUEUE_MESSAGES as QM } from "../../shared/queue/queue-messages.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Db, Tx } from "../db/client.ts";
import { appointmentAnswers, appointments, clients, queueAppointments } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError } from "../http/app-error.ts";
import { jsonPointer, validationError } from "../http/json-api.ts";
import { applyQueueStatusChange } from "../queue/apply-queue-status-change.ts";
import { findQueueAppointmentByCode } from "../queue/find-queue-appointment-by-code.ts";
import type { IdempotencyClaim } from "../queue/idempotency-claim.ts";
import { idempotencyKeyReused } from "../queue/idempotency-claim.ts";
import { readJoinRows } from "../queue/join-catalog.ts";
import { visitorInputOf } from "../queue/join-document.ts";
import { findAvailability } from "../scheduling/availability.ts";
import { localDateAt } from "../scheduling/local-day.ts";
import { generateConfirmCode } from "../security/confirm-code.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";
import { auditedAppointment } from "./audited-appointment.ts";
import {
  bookingRefused,
  BOOKING_ERRORS as E,
  loadBookableDay,
  slotTaken,
} from "./booking-rules.ts";

export type BookAppointmentOptions = {
  db: Db;
  events: DomainEventBus;
  vendor: Vendor;
  document: AppointmentBooking;
  /** the page's language, stored for messages unless the client names its own */
  lang: Locale;
  /** a lobby kiosk device booking for a visitor in front of it */
  kiosk: boolean;
  idempotency: IdempotencyClaim | null;
  /** a staff member booking on a client's behalf; absent: the client books */
  staff?: StaffBooker | undefined;
  now?: Date;
};

/** Who books for the client, and what staff may name that a visitor may not. */
export type StaffBooker = {
  userId: number;
  bookedThrough: "schedule" | "call_centre";
  /** an existing client of the vendor (looked up, not merged); null: the document's new client */
  clientId: number | null;
  /** a waiting queue place converted into the booking, by id alone */
  convertedFromQueueAppointmentId: number | null;
};

export type BookAppointmentResult = { id: number; created: boolean };

/** A PostgreSQL exclusion constraint refused the row (SQLSTATE 23P01). */
export function isExclusionViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23P01") return true;
  }
  return false;
}

export async function bookAppointment(
  options: BookAppointmentOptions,
): Promise<BookAppointmentResult> {
  const { db, vendor, document } = options;
  const now = options.now ?? new Date();
  const attributes = document.data.attributes;
  const settings = vendor.settings;
  const staff = options.staff;
  // The client view being off closes the visitors' booking, not the staff's.
  const clientViewOff = !staff && !settings.client_view.enabled;
  if (clientViewOff || !settings.features.appointment_booking_channel) {
    throw new AppError("forbidden", { code: "booking_unavailable", messageId: E.unavailable });
  }
  if (options.kiosk && !settings.client_view.kiosk.appointment_booking) {
    throw new AppError("forbidden", { code: "booking_unavailable", messageId: E.unavailable });
  }
  const replayed = options.idempotency ? await replayOf(db, vendor.id, options.idempotency) : null;
  if (replayed !== null) return { id: replayed, created: false };

  const meetingMethod = attributes.meeting_method ?? 1;
  const attendees = attributes.attendees ?? 1;
  if (attendees > settings.booking.attendees_limit) {
    throw new AppError("unprocessable", {
      code: "attendees_limit",
      messageId: E.attendeesLimit,
      values: { limit: settings.booking.attendees_limit },
      pointer: "/data/attributes/attendees",
    });
  }
  if (meetingMethod === 4 && !attributes.destination?.trim()) {
    throw new AppError("unprocessable", {
      code: "destination_required",
      messageId: QM.required,
      pointer: "/data/attributes/destination",
    });
  }

  const rows = await readJoinRows(db, {
    vendorId: vendor.id,
    locationId: attributes.location_id,
    serviceId: attributes.service_id,
    withQuestions: true,
    now,
  });
  const { location, service } = rows;
  if (!location || (location.visibility === "private" && !staff)) {
    throw bookingRefused("location_not_found");
  }
  if (!service) throw bookingRefused("service_not_offered");

  // The client and the answers under the same rules as a join's form (src/shared/queue/join-schema.ts).
  // An existing client is taken as stored: its contact details are not the form's to judge again.
  const existingClient = staff?.clientId != null;
  const contactOptions = settings.client_view.callback_contact_options;
  const visitor = buildJoinSchema({
    contactOptions: existingClient
      ? { ...contactOptions, email: "optional", mobile_phone: "optional" }
      : contactOptions,
    features: {
      notes_digit_validation: settings.features.notes_digit_validation,
      curbside_pickup: false,
    },
    // A staff member books on the client's word, as the lobby adds a walk-in: answers given are
    // checked, but none is required of them (the schedule's dialog does not ask the questions).
    questions: staff
      ? rows.questions.map((question) => ({ ...question, required: false }))
      : rows.questions,
    service: { supportsWalkin: true, supportsCurbsidePickup: false },
    location: { supportsCurbsidePickup: false },
    kiosk: options.kiosk || existingClient,
    clientView: {
      // the client agrees on the visitor form; a staff member books on their word
      explicit_compliance_agreement: !staff && settings.client_view.explicit_compliance_agreement,
      sms_notifications: settings.client_view.sms_notifications,
    },
  }).safeParse(visitorInput(document));
  if (!visitor.success) throw validationError(visitor.error.issues, bookingPointer);
  const client = visitor.data;

  const start = Date.parse(attributes.start);
  const date = localDateAt(new Date(start), location.timezone);
  const request = {
    vendorId: vendor.id,
    settings,
    locationId: location.id,
    serviceId: service.id,
    staffId: attributes.staff_id ?? null,
    meetingMethod,
    attendees,
    now,
    staffView: staff !== undefined,
  };
  const converted = attributes.converted_from ?? null;
  const conversion = staff
    ? await findConvertedPlace(db, vendor.id, staff.convertedFromQueueAppointmentId)
    : converted
      ? await findQueueAppointmentByCode(db, {
          vendorId: vendor.id,
          id: converted.queue_appointment_id,
          code: converted.confirm_code,
        })
      : null;
  if (conversion && conversion.status !== "waiting") {
    throw new AppError("conflict", {
      code: "conversion_not_waiting",
      messageId: QM.conversionNotWaiting,
    });
  }

  // Each try reads the day afresh: the staff member another booking just took is no longer free.
  for (let attempt = 0; attempt < 5; attempt++) {
    const day = await loadBookableDay(db, { ...request, date });
    const slot = findAvailability(day.query)
      .flatMap((d) => d.slots)
      .find((candidate) => candidate.start === start);
    if (!slot) throw await slotTaken(db, request, start, location.timezone);
    const staffId = pickStaff(slot.staffIds, day.query.staff, date);
    const roomId = pickRoom(day.query, slot.start, slot.end, attendees);
    if (roomId === undefined) throw await slotTaken(db, request, start, location.timezone);
    try {
      const id = await db.transaction(async (tx) => {
        const [writtenClient] =
          staff?.clientId != null
            ? [{ id: staff.clientId }]
            : await tx
                .insert(clients)
                .values({
                  vendorId: vendor.id,
                  externalId: client.external_id,
                  firstName: client.first_name,
                  lastName: client.last_name,
                  email: client.email,
                  cellPhone: client.cell_phone,
                  notes: client.client_notes,
                  lang: client.lang ?? options.lang,
                  receiveSms: client.receive_sms,
                })
                .returning({ id: clients.id });
        const [appointment] = await tx
          .insert(appointments)
          .values({
            vendorId: vendor.id,
            locationId: location.id,
            serviceId: service.id,
            userId: staffId,
            roomId,
            clientId: writtenClient!.id,
            status: 1,
            meetingMethod,
            bookedThrough: staff?.bookedThrough ?? (options.kiosk ? "kiosk" : "client_view"),
            bookedByUserId: staff?.userId ?? null,
            startsAt: new Date(slot.start),
            endsAt: new Date(slot.end),
            confirmCode: generateConfirmCode(),
            attendees,
            notes: client.notes,
            destination: meetingMethod === 4 ? (attributes.destination?.trim() ?? null) : null,
            lang: client.lang ?? options.lang,
            convertedFromQueueAppointmentId: conversion?.id ?? null,
            idempotencyCaller: options.idempotency?.caller ?? null,
            idempotencyKey: options.idempotency?.key ?? null,
            requestHash: options.idempotency?.requestHash ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: appointments.id });
        const appointmentId = appointment!.id;
        if (client.answers.length > 0) {
          await tx.insert(appointmentAnswers).values(
            client.answers.map((answer) => ({
              vendorId: vendor.id,
              appointmentId,
              questionId: answer.question_id,
              value: answer.value,
            })),
          );
        }
        if (conversion) await cancelConvertedPlace(tx, conversion.id, vendor.id, now);
        await recordDomainEvents(tx, [
          {
            vendorId: vendor.id,
            type: "appointment.booked",
            aggregateId: appointmentId,
            payload: {
              locationId: location.id,
              staffId,
              startsAt: new Date(slot.start).toISOString(),
              convertedFromQueueAppointmentId: conversion?.id ?? null,
            },
            occurredAt: now,
          },
        ]);
        await recordAudit(tx, {
          vendorId: vendor.id,
          actorUserId: staff?.userId ?? null,
          subjectType: "appointment",
          subjectId: appointmentId,
          action: "booked",
          before: null,
          after: await auditedAppointment(tx, vendor.id, appointmentId),
        });
        return appointmentId;
      });
      options.events.emit("eventsRecorded", {});
      return { id, created: true };
    } catch (error) {
      if (options.idempotency && isUniqueViolation(error)) {
        const replay = await replayOf(db, vendor.id, options.idempotency);
        if (replay !== null) return { id: replay, created: false };
      }
      // Another booking took this staff member or room a moment ago: try again with the day as it is.
      if (isExclusionViolation(error)) continue;
      throw error;
    }
  }
  throw await slotTaken(db, request, start, location.timezone);
}

/** The flat form data of the shared join rules, from the booking document. */
function visitorInput(document: AppointmentBooking): JoinInput {
  const a = document.data.attributes;
  return {
    ...visitorInputOf(document.data.relationships),
    notes: a.notes ?? null,
    // a phone appointment needs a number to call, as a phone callback does
    meeting_method: a.meeting_method === 2 ? 2 : a.meeting_method === 3 ? 3 : 1,
    fulfillment_method: null,
    car_details: null,
    explicit_compliance_agreement: a.explicit_compliance_agreement ?? false,
  };
}

const CLIENT_FIELDS = new Set([
  "first_name",
  "last_name",
  "email",
  "cell_phone",
  "receive_sms",
  "external_id",
  "lang",
]);

/** Where a flat field error lives in the booking document. */
export function bookingPointer(path: (string | number)[]): string {
  const [head, ...rest] = path;
  const pointer = (...parts: (string | number)[]) => jsonPointer(parts);
  if (typeof head === "string" && CLIENT_FIELDS.has(head))
    return pointer("data", "relationships", "client", "data", "attributes", head, ...rest);
  if (head === "client_notes")
    return pointer("data", "relationships", "client", "data", "attributes", "notes");
  if (head === "answers" && typeof rest[0] === "number")
    return pointer(
      "data",
      "relationships",
      "answers",
      "data",
      rest[0],
      "attributes",
      ...rest.slice(1),
    );
  if (head === "answers" || head === "questions")
    return pointer("data", "relationships", "answers");
  if (head === undefined) return pointer("data");
  return pointer("data", "attributes", ...path);
}

/**
 * Of the staff free for the slot, the one with the fewest appointments that day (then the lowest
 * id), so that "any available staff" spreads a day's bookings.
 */
export function pickStaff(
  free: readonly number[],
  staff: readonly { id: number; bookedPerDay: ReadonlyMap<string, number> }[],
  date: string,
): number {
  const booked = new Map(staff.map((member) => [member.id, member.bookedPerDay.get(date) ?? 0]));
  return [...free].sort((a, b) => (booked.get(a) ?? 0) - (booked.get(b) ?? 0) || a - b)[0]!;
}

/**
 * The smallest free room that holds everyone (null when no room is needed); undefined when rooms
 * are needed and none is free, which the engine has ruled out unless the day changed since.
 */
export function pickRoom(
  query: {
    rooms:
      | readonly {
          id: number;
          capacity: number;
          bookings: readonly { start: number; end: number }[];
        }[]
      | null;
  },
  start: number,
  end: number,
  attendees: number,
): number | null | undefined {
  if (query.rooms === null) return null;
  const free = query.rooms
    .filter(
      (room) =>
        room.capacity >= attendees &&
        !room.bookings.some((booking) => booking.start < end && booking.end > start),
    )
    .sort((a, b) => a.capacity - b.capacity || a.id - b.id);
  return free[0]?.id;
}

/** The queue place a booking replaces: cancelled with the booking, as the visitor asked. */
async function cancelConvertedPlace(tx: Tx, id: number, vendorId: number, now: Date) {
  const [row] = await tx
    .select()
    .from(queueAppointments)
    .where(and(eq(queueAppointments.id, id), eq(queueAppointments.vendorId, vendorId)))
    .for("update");
  if (row?.status !== "waiting") {
    throw new AppError("conflict", {
      code: "conversion_not_waiting",
      messageId: QM.conversionNotWaiting,
    });
  }
  await applyQueueStatusChange(tx, {
    row,
    to: "cancelled",
    now,
    serverUserId: null,
    actorUserId: null,
    actor: "visitor",
  });
}

/** The waiting place staff convert, by id within the vendor; 404 when there is none such. */
async function findConvertedPlace(db: Db, vendorId: number, id: number | null) {
  if (id === null) return null;
  const [row] = await db
    .select({ id: queueAppointments.id, status: queueAppointments.status })
    .from(queueAppointments)
    .where(and(eq(queueAppointments.id, id), eq(queueAppointments.vendorId, vendorId)));
  if (!row) {
    throw new AppError("unprocessable", {
      code: "not_found",
      messageId: E.placeUnknown,
      pointer: "/data/attributes/converted_from_queue_appointment_id",
    });
  }
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The appointment this caller's key already booked, or null; another body with it is refused. */
async function replayOf(db: Db, vendorId: number, claim: IdempotencyClaim): Promise<number | null> {
  const [row] = await db
    .select({ id: appointments.id, requestHash: appointments.requestHash })
    .from(appointments)
    .where(
      and(
        eq(appointments.vendorId, vendorId),
        eq(appointments.idempotencyCaller, claim.caller),
        eq(appointments.idempotencyKey, claim.key),
      ),
    );
  if (!row) return null;
  if (row.requestHash !== claim.requestHash) throw idempotencyKeyReused();
  return row.id;
}
