// Starts the real product for the kiosk and embed browser tests that need settings the demo does
// not have: Northwind lets kiosks book appointments, ask the full form and print a ticket, shows a
// kiosk message and lets the test's host
// page (FRAME_HOST_ORIGIN) frame its pages; Harbour Clinic's kiosks start over on the clinic's own
// kiosk page. Run by e2e/fixtures-modes-server.ts with PORT set; the database is thrown away on exit.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type Db, openDatabase } from "../src/server/db/client.ts";
import { vendors } from "../src/server/db/schema.ts";
import { seedDemoData } from "../src/server/demo/seed.ts";
import { updateVendorSettings } from "../test/factories/vendors.ts";
import { createScratchDatabase } from "../test/test-database.ts";

async function vendorId(db: Db, slug: string): Promise<number> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.slug, slug));
  if (!row) throw new Error(`no demo vendor ${slug}`);
  return row.id;
}

async function applyVariant(db: Db) {
  const noCache = { caches: { invalidate() {} } };
  const port = process.env.PORT;
  await updateVendorSettings(db, noCache, await vendorId(db, "demo"), {
    client_view: {
      kiosk: {
        appointment_booking: true,
        qr_code: true,
        preferred_language: true,
        preferred_staff: false,
        custom_message: process.env.KIOSK_MESSAGE ?? null,
        redirect_url: null,
        form_fields: "full",
        print_ticket: true,
      },
    },
    frame_ancestors: [process.env.FRAME_HOST_ORIGIN ?? "http://localhost"],
  });
  await updateVendorSettings(db, noCache, await vendorId(db, "harbour"), {
    client_view: {
      kiosk: {
        appointment_booking: false,
        qr_code: false,
        preferred_language: true,
        preferred_staff: false,
        custom_message: null,
        redirect_url: `http://harbour.localhost:${port}/clinic-kiosk?screen=lobby`,
        form_fields: "minimal",
        print_ticket: false,
      },
    },
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "nextline-e2e-modes-"));
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
