// Starts the real product for the callback form's browser tests that need settings the demo does
// not have and no API can set yet: the demo data plus Harbour Clinic taking no callbacks, Chicago
// closed all of today (it restricts callback hours), and Northwind asking for the compliance
// agreement, showing a pre-booking statement (with markup that must not run) and requiring texts.
// Run by e2e/fixtures-form-server.ts with PORT set; the database is thrown away on exit.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { type Db, openDatabase } from "../src/server/db/client.ts";
import { locations, users, vendors } from "../src/server/db/schema.ts";
import { seedDemoData } from "../src/server/demo/seed.ts";
import { DomainEventBus } from "../src/server/events/domain-events.ts";
import { saveWeeklyHours } from "../src/server/hours/hour-commands.ts";
import { localTime, type WeeklyHours } from "../src/shared/opening-hours.ts";
import { updateVendorSettings } from "../test/factories/vendors.ts";
import { createScratchDatabase } from "../test/test-database.ts";

/** Markup a vendor might paste, with three ways to run script that sanitising must remove. */
const PRE_BOOKING_STATEMENT =
  "<p>Please read our <strong>visitor policy</strong> before you join.</p>" +
  '<img src="x" onerror="window.__statementRan = 1">' +
  "<script>window.__statementRan = 2</script>" +
  '<a href="javascript:window.__statementRan = 3">policy</a>';

async function vendorId(db: Db, slug: string): Promise<number> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.slug, slug));
  if (!row) throw new Error(`no demo vendor ${slug}`);
  return row.id;
}

async function applyVariant(db: Db) {
  const noCache = { caches: { invalidate() {} } };
  await updateVendorSettings(db, noCache, await vendorId(db, "harbour"), {
    features: { callback_requests: false },
  });
  const northwind = await vendorId(db, "demo");
  await updateVendorSettings(db, noCache, northwind, {
    client_view: {
      explicit_compliance_agreement: true,
      pre_booking_statement: PRE_BOOKING_STATEMENT,
      callback_contact_options: {
        mobile_phone: "optional",
        email: "optional",
        notes: "optional",
        sms_notifications: "required",
      },
    },
  });
  const [chicago] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.vendorId, northwind), eq(locations.externalId, "NW-CHI-004")));
  if (!chicago) throw new Error("no Chicago branch in the demo");
  // Closed all of today in Chicago, open on the other days: closed now whatever the hour. The
  // hours endpoint's command writes it, as the demo admin (the vendor settings above have no
  // endpoint yet).
  const today = localTime(new Date(), chicago.timezone).weekday;
  const hours: WeeklyHours = { ...chicago.hours, [today]: null };
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.vendorId, northwind), eq(users.email, "admin@northwind.example")));
  if (!admin) throw new Error("no Northwind admin in the demo");
  const actor = { vendorId: northwind, userId: admin.id };
  await saveWeeklyHours(db, new DomainEventBus(), actor, chicago.id, hours, chicago.version);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "nextline-e2e-form-"));
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL)
  : undefined;
const database = await openDatabase(
  scratch
    ? { kind: "postgres", url: scratch.url }
    : { kind: "pglite", dataDir: `${dataDir}/pglite` },
);
await seedDemoData(database.db);
await applyVariant(database.db);
await database.close();

const server = spawn(process.execPath, ["src/server/main.ts"], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    // The browser tests are not about overload (the fault suite is): on a machine busy with the
    // other test processes, the event-loop backstop shed their set-up calls with 503.
    LOAD_SHEDDING_MAX_LOOP_DELAY_MS: "0",
  },
  stdio: "inherit",
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", async (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop().catch(() => {});
  process.exit(code ?? (signal ? 0 : 1));
});
