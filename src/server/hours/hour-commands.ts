// Changes to a location's opening hours: the weekly hours and the dated adjustments (holidays,
// closures, special hours, yearly ones). Each change checks the version the caller edited, writes
// its audit record (subject `location_hours`, id = the location) and a `location.updated` event in
// the same transaction, so every node's caches drop the old hours within a second.
import { and, eq, ne } from "drizzle-orm";
import type { AuditAction } from "../../shared/audit.ts";
import { HOURS_MESSAGES } from "../../shared/contracts/location-hours.ts";
import type { WeeklyHours } from "../../shared/opening-hours.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Db, Tx } from "../db/client.ts";
import { type DayHours, locationHourAdjustments, locations } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { assertVersion } from "../http/versioning.ts";
import {
  type AdjustmentRow,
  adjustmentAuditView,
  type LocationHoursRow,
  presentAdjustment,
  presentLocationHours,
} from "./present-hours.ts";

export type HoursActor = { vendorId: number; userId: number };

async function recordChange(
  tx: Tx,
  actor: HoursActor,
  locationId: number,
  action: AuditAction,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  now: Date,
) {
  await recordAudit(tx, {
    vendorId: actor.vendorId,
    actorUserId: actor.userId,
    subjectType: "location_hours",
    subjectId: locationId,
    action,
    before,
    after,
  });
  await recordDomainEvents(tx, [
    {
      vendorId: actor.vendorId,
      type: "location.updated",
      aggregateId: locationId,
      payload: {},
      occurredAt: now,
    },
  ]);
}

/** Replaces the weekly hours when the location is still at `expectedVersion` (if given). */
export async function saveWeeklyHours(
  db: Db,
  events: DomainEventBus,
  actor: HoursActor,
  locationId: number,
  weekly: WeeklyHours,
  expectedVersion: number | undefined,
  now = new Date(),
): Promise<LocationHoursRow> {
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: locations.id,
        hours: locations.hours,
        timezone: locations.timezone,
        version: locations.version,
      })
      .from(locations)
      .where(and(eq(locations.id, locationId), eq(locations.vendorId, actor.vendorId)))
      .for("update");
    if (!row) throw notFound();
    assertVersion(expectedVersion, row.version, () => presentLocationHours(row));
    const [updated] = await tx
      .update(locations)
      .set({ hours: weekly, version: row.version + 1 })
      .where(eq(locations.id, row.id))
      .returning({
        id: locations.id,
        hours: locations.hours,
        timezone: locations.timezone,
        version: locations.version,
      });
    if (!updated) throw notFound();
    await recordChange(
      tx,
      actor,
      row.id,
      "updated",
      { weekly: row.hours },
      { weekly: updated.hours },
      now,
    );
    return updated;
  });
  events.emit("eventsRecorded", {});
  return saved;
}

export type AdjustmentValues = {
  day: string;
  name: string | null;
  hours: DayHours;
  recursYearly: boolean;
};

/** A second adjustment of the same kind on the same date (or month-day, for yearly ones) is refused. */
async function assertDateFree(
  tx: Tx,
  locationId: number,
  values: AdjustmentValues,
  exceptId: number | null,
) {
  const others = await tx
    .select({
      id: locationHourAdjustments.id,
      day: locationHourAdjustments.day,
      recursYearly: locationHourAdjustments.recursYearly,
    })
    .from(locationHourAdjustments)
    .where(
      and(
        eq(locationHourAdjustments.locationId, locationId),
        eq(locationHourAdjustments.recursYearly, values.recursYearly),
        exceptId === null ? undefined : ne(locationHourAdjustments.id, exceptId),
      ),
    );
  const clash = others.some((other) =>
    values.recursYearly ? other.day.slice(5) === values.day.slice(5) : other.day === values.day,
  );
  if (clash) {
    throw new AppError("unprocessable", {
      code: "date_taken",
      messageId: HOURS_MESSAGES.dateTaken,
      pointer: "/data/attributes/date",
    });
  }
}

const kindOf = (values: AdjustmentValues) =>
  values.hours === null ? ("holiday" as const) : ("location" as const);

export async function createAdjustment(
  db: Db,
  events: DomainEventBus,
  actor: HoursActor,
  locationId: number,
  values: AdjustmentValues,
  now = new Date(),
): Promise<AdjustmentRow> {
  const created = await db.transaction(async (tx) => {
    // One writer per location at a time, so two saves cannot both pass the free-date check.
    await lockLocation(tx, actor, locationId);
    await assertDateFree(tx, locationId, values, null);
    const [row] = await tx
      .insert(locationHourAdjustments)
      .values({
        vendorId: actor.vendorId,
        locationId,
        day: values.day,
        name: values.name,
        hours: values.hours,
        recursYearly: values.recursYearly,
        kind: kindOf(values),
        createdAt: now,
      })
      .returning();
    if (!row) throw notFound();
    await recordChange(tx, actor, locationId, "created", null, adjustmentAuditView(row), now);
    return row;
  });
  events.emit("eventsRecorded", {});
  return created;
}

async function lockLocation(tx: Tx, actor: HoursActor, locationId: number) {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.vendorId, actor.vendorId)))
    .for("update");
  if (!row) throw notFound();
}

async function lockAdjustment(tx: Tx, actor: HoursActor, locationId: number, id: number) {
  await lockLocation(tx, actor, locationId);
  const [row] = await tx
    .select()
    .from(locationHourAdjustments)
    .where(
      and(
        eq(locationHourAdjustments.id, id),
        eq(locationHourAdjustments.locationId, locationId),
        eq(locationHourAdjustments.vendorId, actor.vendorId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

export async function updateAdjustment(
  db: Db,
  events: DomainEventBus,
  actor: HoursActor,
  target: { locationId: number; id: number; today: string },
  change: Partial<AdjustmentValues>,
  expectedVersion: number | undefined,
  now = new Date(),
): Promise<AdjustmentRow> {
  const updated = await db.transaction(async (tx) => {
    const row = await lockAdjustment(tx, actor, target.locationId, target.id);
    assertVersion(expectedVersion, row.version, () => presentAdjustment(row, target.today));
    const values: AdjustmentValues = {
      day: change.day ?? row.day,
      name: change.name === undefined ? row.name : change.name,
      hours: change.hours === undefined ? (row.hours ?? null) : change.hours,
      recursYearly: change.recursYearly ?? row.recursYearly,
    };
    await assertDateFree(tx, target.locationId, values, row.id);
    const [saved] = await tx
      .update(locationHourAdjustments)
      .set({ ...values, kind: kindOf(values), version: row.version + 1 })
      .where(eq(locationHourAdjustments.id, row.id))
      .returning();
    if (!saved) throw notFound();
    await recordChange(
      tx,
      actor,
      target.locationId,
      "updated",
      adjustmentAuditView(row),
      adjustmentAuditView(saved),
      now,
    );
    return saved;
  });
  events.emit("eventsRecorded", {});
  return updated;
}

export async function deleteAdjustment(
  db: Db,
  events: DomainEventBus,
  actor: HoursActor,
  target: { locationId: number; id: number; today: string },
  expectedVersion: number | undefined,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAdjustment(tx, actor, target.locationId, target.id);
    assertVersion(expectedVersion, row.version, () => presentAdjustment(row, target.today));
    await tx.delete(locationHourAdjustments).where(eq(locationHourAdjustments.id, row.id));
    await recordChange(
      tx,
      actor,
      target.locationId,
      "deleted",
      adjustmentAuditView(row),
      null,
      now,
    );
  });
  events.emit("eventsRecorded", {});
}
