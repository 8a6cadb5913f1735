// Test vendors: a row plus the host names that resolve to it, with settings given as a partial
// of the vendor settings schema (defaults fill the rest, as they do for real vendors).
import { eq } from "drizzle-orm";
import type { AppCaches } from "../../src/server/caches/app-caches.ts";
import type { Db } from "../../src/server/db/client.ts";
import { vendorDomains, vendors } from "../../src/server/db/schema.ts";
import type { VendorSettings } from "../../src/shared/vendor-settings.ts";
import { vendorSettingsSchema } from "../../src/shared/vendor-settings.ts";

type PartialSettings = {
  [K in keyof VendorSettings]?: VendorSettings[K] extends Record<string, unknown>
    ? Partial<VendorSettings[K]>
    : VendorSettings[K];
};

let sequence = 0;

export async function createVendor(
  db: Db,
  options: {
    slug?: string;
    name?: string;
    hosts?: string[];
    settings?: PartialSettings;
    theme?: Record<string, unknown>;
    showQueueAppointmentFeedback?: boolean;
  } = {},
) {
  sequence += 1;
  // Parsing checks the partial against the real schema, so a test cannot store settings no vendor could have.
  const settings = vendorSettingsSchema.parse(options.settings ?? {});
  const [vendor] = await db
    .insert(vendors)
    .values({
      slug: options.slug ?? `test-vendor-${sequence}-${Date.now().toString(36)}`,
      name: options.name ?? `Test Vendor ${sequence}`,
      homepage: "https://vendor.example",
      settings,
      theme: options.theme ?? {},
      showQueueAppointmentFeedback: options.showQueueAppointmentFeedback ?? true,
    })
    .returning();
  for (const host of options.hosts ?? [])
    await db.insert(vendorDomains).values({ host, vendorId: vendor!.id });
  return vendor!;
}

/**
 * Changes some of a vendor's settings (merged one level deep, e.g. { features: { lobby: false } })
 * and has the app drop what it kept of the vendor. Returns a function that puts the old settings back.
 */
export async function updateVendorSettings(
  db: Db,
  app: { caches: Pick<AppCaches, "invalidate"> },
  vendorId: number,
  patch: PartialSettings,
): Promise<() => Promise<void>> {
  const [row] = await db
    .select({ settings: vendors.settings })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  const before = vendorSettingsSchema.parse(row!.settings);
  const merged: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] =
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      current &&
      typeof current === "object"
        ? { ...(current as object), ...value }
        : value;
  }
  await db
    .update(vendors)
    .set({ settings: vendorSettingsSchema.parse(merged) })
    .where(eq(vendors.id, vendorId));
  app.caches.invalidate({ entity: "vendor", vendorId });
  return async () => {
    await db.update(vendors).set({ settings: before }).where(eq(vendors.id, vendorId));
    app.caches.invalidate({ entity: "vendor", vendorId });
  };
}
