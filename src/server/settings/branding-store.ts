// Reads and saves the vendor's branding (vendors.theme, src/shared/contracts/branding.ts) and its
// uploaded logo (vendor_logos). Like the other settings sections, a save locks the vendor row, checks
// the settings version the page edited (If-Match), bumps it, and writes the audit row (subject
// vendor_settings, section "branding") and `vendor.updated` in the same transaction: every node's
// vendor cache drops the old theme when the event reaches it, so the next visitor page, kiosk or TV
// load anywhere gets the new one.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  type BrandingInput,
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  type LogoType,
  logoPath,
} from "../../shared/contracts/branding.ts";
import { parseTheme, type Theme } from "../../shared/vendor-settings.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { vendorLogos, vendors } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { readImageInfo } from "./image-info.ts";
import { changeVendorSettings } from "./settings-store.ts";

type Db = DbOrTx & { transaction: <T>(run: (tx: Tx) => Promise<T>) => Promise<T> };

export type BrandingState = { value: Theme; version: number };

export async function loadBranding(db: DbOrTx, vendorId: number): Promise<BrandingState> {
  const [row] = await db
    .select({ theme: vendors.theme, version: vendors.settingsVersion })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  if (!row) throw notFound();
  return { value: parseTheme(row.theme), version: row.version };
}

/** A change of the stored theme, saved as every settings page's is (changeVendorSettings). */
function changeTheme(
  db: Db,
  events: DomainEventBus,
  staff: StaffContext,
  expectedVersion: number | undefined,
  change: (before: Theme) => Theme,
  beforeWrite?: (tx: Tx) => Promise<void>,
): Promise<BrandingState> {
  return changeVendorSettings(db, events, staff, {
    section: "branding",
    expectedVersion,
    read: (row) => parseTheme(row.theme),
    change,
    columns: (after) => ({ theme: after }),
    ...(beforeWrite ? { beforeWrite } : {}),
  });
}

/** Replaces colours, font and weights; the logo stays as it is. */
export function saveBranding(
  db: Db,
  events: DomainEventBus,
  staff: StaffContext,
  input: BrandingInput,
  expectedVersion: number | undefined,
): Promise<BrandingState> {
  return changeTheme(db, events, staff, expectedVersion, (before) => ({
    primary_colour: input.primary_colour.toUpperCase(),
    secondary_colour: input.secondary_colour.toUpperCase(),
    font_family: input.font_family,
    font_weight_normal: input.font_weight_normal,
    font_weight_bold: input.font_weight_bold,
    logo_url: before.logo_url,
  }));
}

const logoError = (code: string, messageId: string, values?: Record<string, number>) =>
  new AppError("unprocessable", { code, messageId, pointer: "", ...(values ? { values } : {}) });

/**
 * Checks an uploaded file by its bytes (never the name or the declared type): a PNG, JPEG or WebP
 * of at most LOGO_MAX_BYTES whose sides are at most LOGO_MAX_SIDE. Throws a 422 otherwise.
 */
export function checkLogo(bytes: Buffer | undefined): { type: LogoType } {
  if (!bytes || bytes.length === 0) throw logoError("logo_missing", "Branding.error_logo_missing");
  if (bytes.length > LOGO_MAX_BYTES) {
    throw logoError("logo_too_large", "Branding.error_logo_too_large", {
      max_kb: LOGO_MAX_BYTES / 1024,
    });
  }
  const info = readImageInfo(bytes);
  if (!info) throw logoError("logo_type", "Branding.error_logo_type");
  if (
    info.width !== null &&
    info.height !== null &&
    (info.width > LOGO_MAX_SIDE || info.height > LOGO_MAX_SIDE)
  ) {
    throw logoError("logo_dimensions", "Branding.error_logo_dimensions", { max: LOGO_MAX_SIDE });
  }
  return { type: info.type };
}

/** Stores a checked logo and points theme.logo_url at its content-addressed address. */
export function saveLogo(
  db: Db,
  events: DomainEventBus,
  staff: StaffContext,
  bytes: Buffer,
  expectedVersion: number | undefined,
): Promise<BrandingState> {
  const { type } = checkLogo(bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const url = logoPath(staff.vendorId, sha256, type);
  return changeTheme(
    db,
    events,
    staff,
    expectedVersion,
    (before) => ({ ...before, logo_url: url }),
    async (tx) => {
      const row = { contentType: type, bytes, sha256, updatedAt: new Date() };
      await tx
        .insert(vendorLogos)
        .values({ vendorId: staff.vendorId, ...row })
        .onConflictDoUpdate({ target: vendorLogos.vendorId, set: row });
    },
  );
}

/** Removes the logo: the visitor pages show the vendor's name instead. */
export function deleteLogo(
  db: Db,
  events: DomainEventBus,
  staff: StaffContext,
  expectedVersion: number | undefined,
): Promise<BrandingState> {
  return changeTheme(
    db,
    events,
    staff,
    expectedVersion,
    (before) => ({ ...before, logo_url: null }),
    async (tx) => {
      await tx.delete(vendorLogos).where(eq(vendorLogos.vendorId, staff.vendorId));
    },
  );
}

/** The stored logo of a vendor when `sha256` is still its current one. */
export async function findLogo(db: DbOrTx, vendorId: number, sha256: string) {
  const [row] = await db
    .select({
      contentType: vendorLogos.contentType,
      bytes: vendorLogos.bytes,
      sha256: vendorLogos.sha256,
    })
    .from(vendorLogos)
    .where(eq(vendorLogos.vendorId, vendorId));
  return row && row.sha256 === sha256 ? row : null;
}
