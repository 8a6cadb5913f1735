// updateQueueAppointment, the lobby's PATCH: call, recall or uncall a waiting visitor; start,
// complete, no-show, cancel or return a visitor (only the changes of the transition table), set a remote visit's meeting link and dial-in, assign
// a staff member, mark a curbside visitor arrived. All in one transaction, announced once.
import { and, eq } from "drizzle-orm";
import type { PatchAttributes } from "../../shared/contracts/queue-appointment-patch.ts";
import { MAX_ID } from "../../shared/contracts/resource-id.ts";
import { MEETING_METHODS, type RoleLevel } from "../../shared/domain.ts";
import { LOBBY_MESSAGES } from "../../shared/lobby/lobby-messages.ts";
import { formatPhoneNumber } from "../../shared/queue/phone-number.ts";
import { canTransition } from "../../shared/queue/queue-transitions.ts";
import { permissionDenied, staffCan } from "../auth/require-staff.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { AppCaches } from "../caches/app-caches.ts";
import type { Db, Tx } from "../db/client.ts";
import { locations, queueAppointments, userLocations, users } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { can, VENDOR_WIDE_FROM } from "../permissions/permission-table.ts";
import { canActAtLocation } from "../permissions/tenant-scope.ts";
import {
  applyQueueStatusChange,
  type QueueAppointmentRow,
  transitionRefused,
} from "../queue/apply-queue-status-change.ts";
import { applyVisitorCall } from "../queue/apply-visitor-call.ts";
import { arrivalChange } from "../queue/mark-visitor-arrived.ts";
import { announceQueueChange } from "./announce-queue-change.ts";
import { refuseIfServing } from "./call-next-visitor.ts";
import { permissionsFor } from "./change-permissions.ts";
import { lockStaffMemberServing } from "./serving-locks.ts";

export type UpdateQueueAppointmentOptions = {
  db: Db;
  events: DomainEventBus;
  /** the app's caches: a completed visit drops its location's learned durations */
  caches: AppCaches;
  logger?: { error(details: object, message: string): void };
  staff: StaffContext;
  queueAppointmentId: number;
  attributes: PatchAttributes;
  now?: Date;
};

const pointer = (name: string) => `/data/attributes/${name}`;
const unprocessable = (code: string, messageId: string, field: string) =>
  new AppError("unprocessable", { code, messageId, pointer: pointer(field) });

export async function updateQueueAppointment(
  options: UpdateQueueAppointmentOptions,
): Promise<QueueAppointmentRow> {
  const { db, staff, attributes } = options;
  const callerId = staff.user.id;
  // The role's rights first: they are no secret, whereas the appointment's existence is.
  for (const permission of permissionsFor(attributes, callerId)) {
    if (!staffCan(staff, permission)) throw permissionDenied();
  }
  const id = options.queueAppointmentId;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound();

  const updated = await db.transaction(async (tx) => {
    const now = options.now ?? new Date();
    const to = attributes.status;
    const call = attributes.call;
    // A call is its own change, with at most its desk; a desk goes only with a call or a recall.
    const others = Object.keys(attributes).filter((name) => name !== "call" && name !== "desk");
    if (call !== undefined && others.length > 0)
      throw unprocessable("call_conflict", LOBBY_MESSAGES.callConflict, others[0]!);
    if (attributes.desk !== undefined && call !== "call" && call !== "recall")
      throw unprocessable("call_conflict", LOBBY_MESSAGES.callConflict, "desk");
    const named = attributes.user_id;
    const server =
      (to === "in_progress" || call === "call") && named === undefined ? callerId : named;
    // The serving lock before the row lock, in the order call next takes them.
    if (typeof server === "number") await lockStaffMemberServing(tx, server);
    const [row] = await tx
      .select()
      .from(queueAppointments)
      .where(and(eq(queueAppointments.id, id), eq(queueAppointments.vendorId, staff.vendorId)))
      .for("update");
    if (!row || !canActAtLocation(staff, row.locationId)) throw notFound();
    // Only the transition table's changes; and a visit that has ended keeps its record as it was.
    if (to !== undefined && !canTransition(row.status, to, "staff"))
      throw transitionRefused(row.status);
    if (to === undefined && row.status !== "waiting" && row.status !== "in_progress")
      throw transitionRefused(row.status);

    if (call !== undefined) {
      if (call === "call") await refuseIfServing(tx, staff, callerId, row.id);
      return applyVisitorCall(tx, {
        row,
        action: call,
        now,
        callerUserId: callerId,
        desk: attributes.desk,
      });
    }
    const also = await attributeChanges(tx, staff, row, attributes, now);
    const status = to ?? row.status;
    if (status === "in_progress" && server === null)
      throw unprocessable("server_required", LOBBY_MESSAGES.serverRequired, "user_id");
    if (typeof server === "number" && status === "in_progress")
      await refuseIfServing(tx, staff, server, row.id);
    return applyQueueStatusChange(tx, {
      row,
      to,
      now,
      serverUserId: typeof server === "number" ? server : null,
      actorUserId: callerId,
      also,
    });
  });

  // A completed visit is a new sample of how long its service takes: count it in the next run.
  if (updated.status === "completed") {
    options.caches.invalidate({
      entity: "visit-completed",
      vendorId: staff.vendorId,
      locationId: updated.locationId,
    });
  }
  await announceQueueChange(options, {
    vendorId: staff.vendorId,
    locationId: updated.locationId,
    queueAppointmentId: updated.id,
  });
  return updated;
}

/** The non-status columns of the change, checked against the visit and its location. */
async function attributeChanges(
  tx: Tx,
  staff: StaffContext,
  row: QueueAppointmentRow,
  attributes: PatchAttributes,
  now: Date,
) {
  const also: Partial<typeof queueAppointments.$inferInsert> = {};
  const remote = row.meetingMethod !== MEETING_METHODS.in_person;
  if (attributes.meeting_link !== undefined) {
    if (!remote && attributes.meeting_link !== null)
      throw unprocessable("remote_only", LOBBY_MESSAGES.remoteOnly, "meeting_link");
    also.meetingLink = attributes.meeting_link;
  }
  if (attributes.dial_in !== undefined) {
    if (!remote && attributes.dial_in !== null)
      throw unprocessable("remote_only", LOBBY_MESSAGES.remoteOnly, "dial_in");
    also.dialIn = attributes.dial_in && (await formatDialIn(tx, row, attributes.dial_in));
  }
  if (attributes.user_id !== undefined && attributes.user_id !== null) {
    if (!(await canServeAt(tx, staff.vendorId, attributes.user_id, row.locationId)))
      throw unprocessable(
        "staff_cannot_serve_here",
        LOBBY_MESSAGES.staffCannotServeHere,
        "user_id",
      );
  }
  // Starting a meeting names its server through the status stamps; otherwise this is an assignment.
  if (attributes.user_id !== undefined && attributes.status !== "in_progress")
    also.userId = attributes.user_id;
  if (attributes.arrived !== undefined)
    Object.assign(also, arrivalChange(row, attributes.arrived, now));
  return also;
}

/** The dial-in in the three forms the visitor's page shows, formatted for the location's country. */
async function formatDialIn(
  tx: Tx,
  row: QueueAppointmentRow,
  dialIn: { e164: string; pin?: string | null | undefined },
) {
  const [location] = await tx
    .select({ country: locations.country })
    .from(locations)
    .where(and(eq(locations.id, row.locationId), eq(locations.vendorId, row.vendorId)));
  const formatted = formatPhoneNumber(dialIn.e164, location?.country);
  return {
    e164: formatted.e164,
    international: formatted.international,
    ...(dialIn.pin ? { pin: dialIn.pin } : {}),
  };
}

/** An active account of the vendor that may serve, working at the location (or vendor-wide). */
async function canServeAt(
  tx: Tx,
  vendorId: number,
  userId: number,
  locationId: number,
): Promise<boolean> {
  const [user] = await tx
    .select({
      roleLevel: users.roleLevel,
      active: users.active,
      assigned: userLocations.locationId,
    })
    .from(users)
    .leftJoin(
      userLocations,
      and(
        eq(userLocations.userId, users.id),
        eq(userLocations.vendorId, vendorId),
        eq(userLocations.locationId, locationId),
      ),
    )
    .where(and(eq(users.id, userId), eq(users.vendorId, vendorId)));
  if (!user?.active) return false;
  const role = user.roleLevel as RoleLevel;
  if (!can(role, "queue.serve")) return false;
  return role >= VENDOR_WIDE_FROM || user.assigned !== null;
}
