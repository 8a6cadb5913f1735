// addWalkIn: the front desk (or a contact centre agent) puts a visitor in a location's line. The open
// join's rules apply through joinQueue, which checks the data and places the visitor; the desk skips
// the gates meant for the public web page (client view off, callback hours), not a private location.

import type { WalkInDocument } from "../../shared/contracts/walk-in.ts";
import { type Locale, ROLES } from "../../shared/domain.ts";
import { matchLocale } from "../../shared/locale.ts";
import { QUEUE_MESSAGES } from "../../shared/queue/queue-messages.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { AppCaches } from "../caches/app-caches.ts";
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { AppError } from "../http/app-error.ts";
import { idempotencyClaimOf, staffCaller } from "../queue/idempotency-claim.ts";
import { joinDocumentPointer, joinInputFromDocument } from "../queue/join-document.ts";
import { type JoinQueueResult, joinQueue } from "../queue/join-queue.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";
import { findStaffLocation } from "./find-staff-location.ts";
import { joinDocumentOf } from "./walk-in-document.ts";

export type AddWalkInOptions = {
  db: Db;
  events: DomainEventBus;
  caches: AppCaches;
  staff: StaffContext;
  vendor: Vendor;
  locationId: number;
  document: WalkInDocument;
  /** the language of error details */
  locale: Locale;
  /** bound to the desk's walk-ins, the staff member and the document */
  idempotencyKey?: string | null;
  /** how long the joined event stays this node's to hand on (EVENT_LEASE_MS) */
  eventLeaseMs?: number;
};

export async function addWalkIn(options: AddWalkInOptions): Promise<JoinQueueResult> {
  const { db, staff, vendor } = options;
  const location = await findStaffLocation(db, staff, options.locationId);
  if (location.visibility === "private") {
    throw new AppError("forbidden", {
      code: "location_private",
      messageId: QUEUE_MESSAGES.locationPrivate,
    });
  }
  const attributes = options.document.data.attributes;
  const clientView = vendor.settings.client_view;
  return joinQueue({
    db,
    events: options.events,
    caches: options.caches,
    ...(options.eventLeaseMs === undefined ? {} : { eventLeaseMs: options.eventLeaseMs }),
    vendor,
    locationId: location.id,
    serviceId: attributes.service_id,
    input: joinInputFromDocument(joinDocumentOf(options.document, location.id)),
    bookedThrough:
      attributes.booked_through ??
      (staff.roleLevel === ROLES.contact_centre_staff ? "call_centre" : "lobby"),
    source: null,
    // The visitor's language for notifications: as asked, else the vendor's default, not the desk's.
    lang:
      matchLocale(attributes.lang, clientView.available_languages) ?? clientView.default_language,
    locale: options.locale,
    actor: { kind: "staff", userId: staff.user.id },
    idempotency: options.idempotencyKey
      ? idempotencyClaimOf({
          route: "lobby.walk-in",
          caller: staffCaller(staff.user.id),
          key: options.idempotencyKey,
          body: { locationId: location.id, document: options.document },
        })
      : null,
    pointerOf: joinDocumentPointer,
  });
}
