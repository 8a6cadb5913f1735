// Reads and saves one section of the vendor's settings (src/shared/contracts/settings-sections.ts).
// A save locks the vendor row, checks the settings version the page edited (If-Match), keeps every
// other setting as stored, bumps the version and writes the audit row and `vendor.updated` in the
// same transaction: every node's caches drop the old settings when the event reaches them.
import { eq, sql } from "drizzle-orm";
import {
  SETTINGS_SECTIONS,
  type SettingsSectionName,
  type SettingsSectionValue,
} from "../../shared/contracts/settings-sections.ts";
import { parseVendorSettings, type VendorSettings } from "../../shared/vendor-settings.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { vendors } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError, type ErrorItem, notFound } from "../http/app-error.ts";
import { assertVersion } from "../http/versioning.ts";

type Db = DbOrTx & { transaction: <T>(run: (tx: Tx) => Promise<T>) => Promise<T> };
type Stored = Record<string, unknown>;

/** Where each section lives in vendors.settings: the keys it reads and replaces. */
const SECTION_KEYS: { [N in SettingsSectionName]: (keyof VendorSettings)[] } = {
  "client-view": ["client_view"],
  lobby: ["board", "auto_no_show_minutes"],
  features: ["features"],
  synonyms: ["synonyms"],
  booking: ["booking"],
};

function readSection<N extends SettingsSectionName>(
  name: N,
  settings: VendorSettings,
): SettingsSectionValue<N> {
  const keys = SECTION_KEYS[name];
  if (keys.length === 1) return settings[keys[0]!] as SettingsSectionValue<N>;
  return Object.fromEntries(keys.map((key) => [key, settings[key]])) as SettingsSectionValue<N>;
}

function writeSection<N extends SettingsSectionName>(
  name: N,
  stored: Stored,
  value: SettingsSectionValue<N>,
): Stored {
  const keys = SECTION_KEYS[name];
  if (keys.length === 1) return { ...stored, [keys[0]!]: value };
  return { ...stored, ...Object.fromEntries(keys.map((key) => [key, (value as Stored)[key]])) };
}

/**
 * A rule a section's save must also meet beyond its shape (a flag only a platform admin may turn
 * on, say): the reasons it is refused, none when it may be saved.
 */
export type SectionRule<N extends SettingsSectionName> = (input: {
  before: SettingsSectionValue<N>;
  after: SettingsSectionValue<N>;
  staff: StaffContext;
}) => ErrorItem[];

/**
 * Makes a section's value ready to store, after its shape is checked and before the save's
 * transaction: HTML a vendor wrote is sanitised here (client view), so what is stored, audited and
 * answered is what visitors are shown.
 */
export type SectionPrepare<N extends SettingsSectionName> = (
  value: SettingsSectionValue<N>,
) => Promise<SettingsSectionValue<N>>;

export type SectionState<N extends SettingsSectionName> = {
  value: SettingsSectionValue<N>;
  version: number;
};

export async function loadSettingsSection<N extends SettingsSectionName>(
  db: DbOrTx,
  vendorId: number,
  name: N,
): Promise<SectionState<N>> {
  const [row] = await db
    .select({ settings: vendors.settings, version: vendors.settingsVersion })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  if (!row) throw notFound();
  return { value: readSection(name, parseVendorSettings(row.settings)), version: row.version };
}

export async function saveSettingsSection<N extends SettingsSectionName>(
  db: Db,
  events: DomainEventBus,
  staff: StaffContext,
  name: N,
  input: unknown,
  options: {
    expectedVersion: number | undefined;
    rule?: SectionRule<N>;
    prepare?: SectionPrepare<N>;
    now?: Date;
  },
): Promise<SectionState<N>> {
  // The route's body schema has checked the shape; parsing again gives the defaults' output type.
  const parsed = SETTINGS_SECTIONS[name].parse(input) as SettingsSectionValue<N>;
  const value = options.prepare ? await options.prepare(parsed) : parsed;
  return changeVendorSettings(db, events, staff, {
    section: name,
    expectedVersion: options.expectedVersion,
    read: (row) => readSection(name, parseVendorSettings(row.settings)),
    change: (before) => {
      const problems = options.rule?.({ before, after: value, staff }) ?? [];
      if (problems.length > 0) throw new AppError("unprocessable", problems);
      return value;
    },
    columns: (after, row) => ({
      settings: writeSection(name, (row.settings ?? {}) as Stored, after),
    }),
    ...(options.now ? { now: options.now } : {}),
  });
}

/** The vendor's row as a settings save reads it. */
export type VendorSettingsRow = { settings: unknown; theme: unknown; version: number };

/**
 * One save of a settings page, in one transaction: locks the vendor row, checks the settings
 * version the page edited (409 with the section as it is now), applies `change` (which may refuse
 * with an AppError), lets `beforeWrite` store what goes with it (a logo's bytes), writes the
 * columns `columns` gives with the version bumped, and records the audit row (only when something
 * changed) and `vendor.updated`. The sections above and the branding (branding-store.ts) save
 * through it.
 */
export async function changeVendorSettings<T>(
  db: Db,
  events: DomainEventBus,
  staff: StaffContext,
  options: {
    /** the section's name, in the 409's current document and the audit row */
    section: string;
    expectedVersion: number | undefined;
    read: (row: VendorSettingsRow) => T;
    change: (before: T) => T;
    columns: (after: T, row: VendorSettingsRow) => { settings?: unknown; theme?: unknown };
    beforeWrite?: (tx: Tx) => Promise<void>;
    now?: Date;
  },
): Promise<{ value: T; version: number }> {
  const now = options.now ?? new Date();
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        settings: vendors.settings,
        theme: vendors.theme,
        version: vendors.settingsVersion,
      })
      .from(vendors)
      .where(eq(vendors.id, staff.vendorId))
      .for("update");
    if (!row) throw notFound();
    const before = options.read(row);
    assertVersion(options.expectedVersion, row.version, () => ({
      type: "vendor-settings",
      id: options.section,
      attributes: before,
      meta: { version: row.version },
    }));
    const after = options.change(before);
    await options.beforeWrite?.(tx);
    const [updated] = await tx
      .update(vendors)
      .set({ ...options.columns(after, row), settingsVersion: sql`${vendors.settingsVersion} + 1` })
      .where(eq(vendors.id, staff.vendorId))
      .returning({ version: vendors.settingsVersion });
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordAudit(tx, {
        vendorId: staff.vendorId,
        actorUserId: staff.user.id,
        subjectType: "vendor_settings",
        subjectId: staff.vendorId,
        action: "updated",
        before: { section: options.section, ...(before as Stored) },
        after: { section: options.section, ...(after as Stored) },
      });
    }
    await recordDomainEvents(tx, [
      {
        vendorId: staff.vendorId,
        type: "vendor.updated",
        aggregateId: staff.vendorId,
        payload: {},
        occurredAt: now,
      },
    ]);
    return { value: after, version: updated!.version };
  });
  events.emit("eventsRecorded", {});
  return saved;
}
