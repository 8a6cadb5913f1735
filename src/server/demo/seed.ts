// Demo data: two vendors (Northwind Bank on any unknown host, Harbour Clinic on harbour.localhost)
// with branches, services, questions, staff and live queues, all relative to "now".
//
// Demo sign-ins (demo passwords; never use them outside a demo):
//   email                               password              role
//   contact.centre@northwind.example    headset-meadow-41     5  Contact Centre Staff
//   kiosk.toronto@northwind.example     tablet-harvest-17     7  Kiosk (Toronto branch only)
//   staff@northwind.example             counter-willow-23     10 Staff
//   staff.plus@northwind.example        ledger-orchid-58      13 Staff Plus
//   staff.advanced@northwind.example    compass-maple-64      15 Staff Advanced
//   manager@northwind.example           roster-pebble-72      20 Manager
//   admin@northwind.example             keyring-summit-35     30 Admin
//   platform@northwind.example          console-glacier-90    50 Platform admin
//   (the other Northwind tellers, e.g. amelia.chen@northwind.example, use counter-willow-23)
//   admin@harbourclinic.example         clipboard-lagoon-16   30 Admin (Harbour Clinic)
//   staff@harbourclinic.example         stethoscope-fern-29   10 Staff (Harbour Clinic)

import { eq, getTableName, gt, is, max, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { DEFAULT_TICKET_PREFIX } from "../../shared/contracts/service-admin.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import { SEED_LOCK_CLASS } from "../db/advisory-locks.ts";
import type { Db, DbOrTx, Tx } from "../db/client.ts";
import { harbourClinic } from "../db/demo/harbour-clinic.ts";
import { insertDemoVisits } from "../db/demo/insert-demo-visits.ts";
import { northwindBank } from "../db/demo/northwind-bank.ts";
import { planVisitsAt } from "../db/demo/plan-demo-visits.ts";
import { seededRandom } from "../db/demo/seeded-random.ts";
import * as schema from "../db/schema.ts";
import { domainEvents, vendors } from "../db/schema.ts";
import { hashPassword } from "../security/password-hash.ts";
import { insertDemoAppointments } from "./insert-demo-appointments.ts";
import { insertDemoVendor } from "./insert-demo-vendor.ts";

const DEMO_VENDORS = [northwindBank, harbourClinic] as const;
/** Fixed, so the demo's people and timings are the same on every seed. */
const RANDOM_SEED = 20_240_917;

// Tests seed a fresh database per file; hashing each distinct demo password once per process
// keeps that cheap. (Demo users sharing a password then share its hash, which only demo data does.)
const hashes = new Map<string, Promise<string>>();

export async function hashDemoPasswords(): Promise<Map<string, string>> {
  const passwords = [...new Set(DEMO_VENDORS.flatMap((demo) => demo.staff.map((s) => s.password)))];
  const hashed = await Promise.all(
    passwords.map((plain) => {
      let pending = hashes.get(plain);
      if (!pending) {
        pending = hashPassword(plain);
        hashes.set(plain, pending);
      }
      return pending;
    }),
  );
  return new Map(passwords.map((plain, index) => [plain, hashed[index]!]));
}

async function insertDemoData(tx: Tx, passwordHashes: ReadonlyMap<string, string>, now: Date) {
  const random = seededRandom(RANDOM_SEED);
  const [before] = await tx.select({ last: max(domainEvents.id) }).from(domainEvents);
  for (const demo of DEMO_VENDORS) {
    const inserted = await insertDemoVendor(tx, demo, passwordHashes, now);
    const visits = [...inserted.locations.values()].flatMap((location) =>
      planVisitsAt(inserted, location, now, random),
    );
    await insertDemoVisits(tx, inserted.vendorId, visits, {
      timezoneOf: new Map(
        [...inserted.locations.values()].map((l) => [l.id, l.definition.timezone]),
      ),
      prefixOf: new Map(
        [...inserted.services.values()].map((s) => [
          s.id,
          s.definition.ticketPrefix ?? DEFAULT_TICKET_PREFIX,
        ]),
      ),
    });
    const [vendor] = await tx
      .select({ settings: vendors.settings })
      .from(vendors)
      .where(eq(vendors.id, inserted.vendorId));
    await insertDemoAppointments(tx, inserted, parseVendorSettings(vendor!.settings), now, random);
  }
  // The commands record their events as any change does; the seed's would tell every node that
  // vendors it has never seen changed, and reach handlers (sent notifications, counted deliveries)
  // after the server starts. They are taken back in the same transaction: seeded data is the
  // starting state, not a change (docs/decisions/0021-demo-seed-through-commands.md).
  await tx.delete(domainEvents).where(gt(domainEvents.id, before?.last ?? 0));
}

async function hasVendors(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: vendors.id }).from(vendors).limit(1);
  return rows.length > 0;
}

async function lockSeeding(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_CLASS}, 0)`);
}

/**
 * Builds both demo vendors and everything they own into an empty database, in one transaction:
 * through the back office's commands (insert-demo-vendor.ts), the visit history directly.
 */
export async function seedDemoData(
  db: Db,
  options: {
    now?: Date;
    /** the demo passwords' hashes (hashDemoPasswords), when the caller already has them */
    passwordHashes?: ReadonlyMap<string, string>;
  } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const passwordHashes = options.passwordHashes ?? (await hashDemoPasswords());
  await db.transaction((tx) => insertDemoData(tx, passwordHashes, now));
}

/**
 * Seeds only when there is no vendor yet; true when it seeded. Two processes starting at once on
 * the same PostgreSQL take turns on an advisory lock, and the second then finds the data there.
 */
export async function seedDemoDataIfEmpty(db: Db): Promise<boolean> {
  if (await hasVendors(db)) return false; // the usual case, without hashing or locking
  const passwordHashes = await hashDemoPasswords();
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (await hasVendors(tx)) return false;
    await insertDemoData(tx, passwordHashes, new Date());
    return true;
  });
}

/** Deletes every row of every table (identities restart at 1) and seeds the demo again. */
export async function resetDemoData(db: Db): Promise<void> {
  const passwordHashes = await hashDemoPasswords();
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
    is(value, PgTable),
  );
  const names = sql.join(
    tables.map((table) => sql.identifier(getTableName(table))),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await lockSeeding(tx);
    await tx.execute(sql`truncate table ${names} restart identity cascade`);
    await insertDemoData(tx, passwordHashes, new Date());
  });
}
