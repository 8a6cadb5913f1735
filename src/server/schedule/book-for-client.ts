// POST /appointments (staff): a booking on a client's behalf, through the visitors' own command
// (bookAppointment) with the staff member as its booker. The client is an existing one of the
// vendor (never a merged record) or a new one under the visitor form's contact rules; a waiting
// queue place may be converted by its id. The location (and the place) must be where the caller acts.
import { and, eq, isNull } from "drizzle-orm";
import type { AppointmentBooking } from "../../shared/contracts/appointment.ts";
import type { StaffBooking } from "../../shared/contracts/schedule.ts";
import { type Locale, ROLES } from "../../shared/domain.ts";
import { matchLocale } from "../../shared/locale.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import { type BookAppointmentResult, bookAppointment } from "../booking/book-appointment.ts";
import { BOOKING_ERRORS, bookingRefused } from "../booking/booking-rules.ts";
import type { Db } from "../db/client.ts";
import { clients, queueAppointments } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { AppError } from "../http/app-error.ts";
import { canActAtLocation, locationScope } from "../permissions/tenant-scope.ts";
import { idempotencyClaimOf, staffCaller } from "../queue/idempotency-claim.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";

export type BookForClientOptions = {
  db: Db;
  events: DomainEventBus;
  staff: StaffContext;
  vendor: Vendor;
  document: StaffBooking;
  locale: Locale;
  idempotencyKey: string | null;
};

export async function bookForClient(options: BookForClientOptions): Promise<BookAppointmentResult> {
  const { db, staff, document } = options;
  const { attributes, relationships } = document.data;
  // A location the caller does not act at is answered as one that does not exist.
  if (!canActAtLocation(staff, attributes.location_id)) throw bookingRefused("location_not_found");

  const converted = attributes.converted_from_queue_appointment_id ?? null;
  if (converted !== null) await assertPlaceInScope(db, staff, converted);

  const named = relationships.client.data;
  const existing = "id" in named ? await findClient(db, staff.vendorId, named.id) : null;
  const client = existing
    ? {
        first_name: existing.firstName,
        last_name: existing.lastName,
        email: existing.email,
        cell_phone: existing.cellPhone,
        // a language no longer offered is the page's, rather than a refusal of a stored record
        lang: matchLocale(existing.lang) === undefined ? null : existing.lang,
        receive_sms: existing.receiveSms,
      }
    : "attributes" in named
      ? named.attributes
      : null;
  if (client === null) throw clientUnknown();

  const booking: AppointmentBooking = {
    data: {
      type: "appointments",
      attributes: {
        location_id: attributes.location_id,
        service_id: attributes.service_id,
        staff_id: attributes.staff_id ?? null,
        ...(attributes.meeting_method === undefined
          ? {}
          : { meeting_method: attributes.meeting_method }),
        start: attributes.start,
        ...(attributes.attendees === undefined ? {} : { attendees: attributes.attendees }),
        notes: attributes.notes ?? null,
        destination: attributes.destination ?? null,
      },
      relationships: {
        client: { data: { type: "clients", attributes: client } },
        ...(relationships.answers ? { answers: relationships.answers } : {}),
      },
    },
  };
  return bookAppointment({
    db,
    events: options.events,
    vendor: options.vendor,
    document: booking,
    lang: options.locale,
    kiosk: false,
    idempotency: options.idempotencyKey
      ? idempotencyClaimOf({
          route: "staff.book",
          caller: staffCaller(staff.user.id),
          key: options.idempotencyKey,
          body: document,
        })
      : null,
    staff: {
      userId: staff.user.id,
      bookedThrough: staff.roleLevel === ROLES.contact_centre_staff ? "call_centre" : "schedule",
      clientId: existing?.id ?? null,
      convertedFromQueueAppointmentId: converted,
    },
  });
}

const clientUnknown = () =>
  new AppError("unprocessable", {
    code: "client_unknown",
    messageId: BOOKING_ERRORS.clientUnknown,
    pointer: "/data/relationships/client/data/id",
  });

/** A place converted by staff is one at a location they act at: elsewhere it does not exist. */
async function assertPlaceInScope(db: Db, staff: StaffContext, id: number) {
  const [place] = await db
    .select({ id: queueAppointments.id })
    .from(queueAppointments)
    .where(
      and(
        eq(queueAppointments.id, id),
        locationScope(staff, {
          vendorColumn: queueAppointments.vendorId,
          locationColumn: queueAppointments.locationId,
        }),
      ),
    );
  if (!place) {
    throw new AppError("unprocessable", {
      code: "not_found",
      messageId: BOOKING_ERRORS.placeUnknown,
      pointer: "/data/attributes/converted_from_queue_appointment_id",
    });
  }
}

/** The vendor's client by id, unless merged into another record. */
async function findClient(db: Db, vendorId: number, rawId: string) {
  const id = /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : 0;
  if (id === 0 || id > 2_147_483_647) throw clientUnknown();
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.vendorId, vendorId), isNull(clients.mergedIntoId)));
  if (!row) throw clientUnknown();
  return row;
}
