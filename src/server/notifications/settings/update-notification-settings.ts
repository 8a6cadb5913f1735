// Reads and writes when the product tells people things: the vendor's settings (inside
// vendors.settings, under `notifications`) and a location's overrides (locations.notification_settings).
// Each write records its domain event in the same transaction, so every node's caches drop the old.
import { and, eq } from "drizzle-orm";
import {
  locationNotificationSettingsSchema,
  type NotificationSettings,
  notificationSettingsSchema,
} from "../../../shared/notifications/settings.ts";
import { parseVendorSettings } from "../../../shared/vendor-settings.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { locations, vendors } from "../../db/schema.ts";
import type { DomainEventBus } from "../../events/domain-events.ts";
import { recordDomainEvents } from "../../events/outbox.ts";
import { notFound } from "../../http/app-error.ts";
import { settingsProblemsError } from "./settings-problems.ts";

type Db = DbOrTx & { transaction: <T>(run: (tx: Tx) => Promise<T>) => Promise<T> };

export async function loadVendorNotificationSettings(
  db: DbOrTx,
  vendorId: number,
): Promise<NotificationSettings> {
  const [row] = await db
    .select({ settings: vendors.settings })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  if (!row) throw notFound();
  return parseVendorSettings(row.settings).notifications;
}

export async function updateVendorNotificationSettings(
  db: Db,
  events: DomainEventBus,
  vendorId: number,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<NotificationSettings> {
  const parsed = notificationSettingsSchema.safeParse(input);
  if (!parsed.success) throw settingsProblemsError(parsed.error.issues);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: vendors.settings })
      .from(vendors)
      .where(eq(vendors.id, vendorId))
      .for("update");
    if (!row) throw notFound();
    // Keep every other setting as stored (a shape this code does not know included).
    const stored = (row.settings ?? {}) as Record<string, unknown>;
    await tx
      .update(vendors)
      .set({ settings: { ...stored, notifications: parsed.data } })
      .where(eq(vendors.id, vendorId));
    await recordDomainEvents(tx, [
      { vendorId, type: "vendor.updated", aggregateId: vendorId, payload: {}, occurredAt: now },
    ]);
  });
  events.emit("eventsRecorded", {});
  return parsed.data;
}

/** A location's overrides as stored; anything unreadable counts as none (inherit). */
export function locationOverrides(stored: unknown): Partial<NotificationSettings> {
  const parsed = locationNotificationSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? (parsed.data as Partial<NotificationSettings>) : {};
}

export async function updateLocationNotificationSettings(
  db: Db,
  events: DomainEventBus,
  location: { vendorId: number; id: number },
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Partial<NotificationSettings>> {
  const parsed = locationNotificationSettingsSchema.safeParse(input);
  if (!parsed.success) throw settingsProblemsError(parsed.error.issues);
  const overrides = parsed.data as Partial<NotificationSettings>;
  await db.transaction(async (tx) => {
    await tx
      .update(locations)
      .set({ notificationSettings: overrides })
      .where(and(eq(locations.id, location.id), eq(locations.vendorId, location.vendorId)));
    await recordDomainEvents(tx, [
      {
        vendorId: location.vendorId,
        type: "location.updated",
        aggregateId: location.id,
        payload: {},
        occurredAt: now,
      },
    ]);
  });
  events.emit("eventsRecorded", {});
  return overrides;
}
