// `npm run bench:import`: bulk onboarding of a large organisation — LOCATIONS locations with their
// weekly hours (default 500) and STAFF staff members (default 5,000, each at one to three of those
// locations, invitations queued) — through the real endpoints (app.inject: JSON parsing, the
// session and CSRF checks, the row checks, the all-or-nothing write). Each of RUNS rounds (default
// 3) imports into a fresh vendor: check locations, import locations, check staff, import staff;
// then the export of both. The target: both imports together in at most 30 s (the figure).
// The baseline, in the same run: the same rows written with bare multi-row INSERTs in one
// transaction (locations, users, their location links), the floor any import pays.
//
// On the embedded PGlite by default; with DATABASE_URL on a scratch database of that PostgreSQL
// server (created and dropped here). Prints medians; exits non-zero when the median of the two
// imports is over 30 s. The figures go into docs/PERFORMANCE.md.
import os from "node:os";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import type { Tx } from "../src/server/db/client.ts";
import { locations, userLocations, users } from "../src/server/db/schema.ts";
import { type StaffClient, staffClient } from "../src/server/lobby/lobby-test-world.ts";
import { ROLES, WEEKDAYS } from "../src/shared/domain.ts";
import { createStaffWorld } from "../test/factories/staff.ts";
import { openTestDatabase } from "../test/test-database.ts";

const LOCATIONS = Number(process.env.LOCATIONS ?? 500);
const STAFF = Number(process.env.STAFF ?? 5_000);
const RUNS = Number(process.env.RUNS ?? 3);
const TARGET_MS = 30_000;

const CITIES = [
  ["Toronto", "ON", "America/Toronto", 43.65, -79.38],
  ["Halifax", "NS", "America/Halifax", 44.65, -63.57],
  ["Vancouver", "BC", "America/Vancouver", 49.28, -123.12],
  ["Winnipeg", "MB", "America/Winnipeg", 49.9, -97.14],
] as const;

/** The locations file: every column of the form that a real file would carry, and the week. */
function locationsCsv(prefix: string): string {
  const header = [
    "external_id",
    "name",
    "address",
    "city",
    "prov_state",
    "postal_zip",
    "country",
    "latitude",
    "longitude",
    "timezone",
    "phone",
    "region",
    "supports_phone",
    ...WEEKDAYS,
  ];
  const rows = Array.from({ length: LOCATIONS }, (_, i) => {
    const [city, province, zone, lat, lon] = CITIES[i % CITIES.length]!;
    const n = String(i + 1).padStart(4, "0");
    return [
      `${prefix}-${n}`,
      `"${city} — Branch ${n}"`,
      `"${i + 1} King Street, Unit ${(i % 9) + 1}"`,
      city,
      province,
      "M5H 1A1",
      "CA",
      (lat + (i % 100) / 1000).toFixed(4),
      (lon - (i % 100) / 1000).toFixed(4),
      zone,
      `+1 416 555 ${String(1000 + (i % 9000)).slice(0, 4)}`,
      `Region ${(i % 12) + 1}`,
      i % 2 === 0 ? "yes" : "no",
      "08:30-17:00",
      "08:30-17:00",
      "08:30-17:00",
      "08:30-19:00",
      "08:30-17:00",
      i % 3 === 0 ? "10:00-14:00" : "closed",
      "closed",
    ].join(",");
  });
  return `${header.join(",")}\n${rows.join("\n")}\n`;
}

/** The staff file: names in several scripts, one to three locations each, two roles. */
function staffCsv(prefix: string): string {
  const first = ["Anna", "Łukasz", "José", "Chloé", "민준", "Олег", "伟", "Priya"];
  const last = ["Nowak", "Silva", "Dubois", "김", "Иванов", "王", "Shah", "O'Brien"];
  const rows = Array.from({ length: STAFF }, (_, i) => {
    const places = Array.from({ length: (i % 3) + 1 }, (_, k) => {
      const n = String(((i * 7 + k * 131) % LOCATIONS) + 1).padStart(4, "0");
      return `${prefix}-${n}`;
    });
    return [
      `${prefix.toLowerCase()}.staff${i + 1}@bench.example`,
      first[i % first.length],
      last[(i * 3) % last.length],
      i % 25 === 0 ? "manager" : "staff",
      [...new Set(places)].join(";"),
    ].join(",");
  });
  return `email,first_name,last_name,role,locations\n${rows.join("\n")}\n`;
}

async function post(client: StaffClient, kind: string, csv: string, dryRun: boolean) {
  const started = performance.now();
  const response = await client.post(`/imports/${kind}`, {
    data: { type: "csv-imports", attributes: { csv, dry_run: dryRun } },
  });
  const ms = performance.now() - started;
  if (response.statusCode !== 200)
    throw new Error(
      `${kind} ${dryRun ? "check" : "import"}: ${response.statusCode} ${response.body.slice(0, 800)}`,
    );
  const report = response.json().data.attributes as { created: number; problem_count: number };
  if (!dryRun && report.created === 0) throw new Error(`${kind} import created nothing`);
  return ms;
}

async function timed(run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const database = await openTestDatabase();
  const config = loadConfig({
    ...process.env,
    DATA_DIR: "./data/bench",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00",
    LOG_LEVEL: "silent",
    REDIS_URL: "",
  });
  const app = await buildApp({ config, database, logger: false, webRoot: null });
  await app.ready();
  const { db } = database;
  const figures = {
    baseline: [] as number[],
    checkLocations: [] as number[],
    importLocations: [] as number[],
    checkStaff: [] as number[],
    importStaff: [] as number[],
    exportLocations: [] as number[],
    exportStaff: [] as number[],
  };
  try {
    for (let run = 1; run <= RUNS; run++) {
      // Baseline: the same rows, bare multi-row INSERTs in one transaction.
      const floor = await createStaffWorld(db);
      figures.baseline.push(
        await timed(() =>
          db.transaction(async (tx) => {
            await bareInsert(tx, floor.vendor.id, `F${run}`);
          }),
        ),
      );

      const world = await createStaffWorld(db);
      const admin = await staffClient(app, world.staff[ROLES.admin], world.vendor.host);
      const prefix = `R${run}`;
      const locationFile = locationsCsv(prefix);
      const staffFile = staffCsv(prefix);
      figures.checkLocations.push(await post(admin, "locations", locationFile, true));
      figures.importLocations.push(await post(admin, "locations", locationFile, false));
      figures.checkStaff.push(await post(admin, "staff", staffFile, true));
      figures.importStaff.push(await post(admin, "staff", staffFile, false));
      figures.exportLocations.push(await timed(() => admin.get("/exports/locations.csv")));
      figures.exportStaff.push(await timed(() => admin.get("/exports/staff.csv")));
      process.stderr.write(
        `run ${run}: locations ${seconds(figures.importLocations.at(-1)!)}, staff ${seconds(figures.importStaff.at(-1)!)}, baseline ${seconds(figures.baseline.at(-1)!)}\n`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }

  const imports = figures.importLocations.map((ms, i) => ms + figures.importStaff[i]!);
  const total = median(imports);
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log(
    [
      `bench:import — ${LOCATIONS} locations, ${STAFF} staff, ${RUNS} runs, medians`,
      `database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)"}; ${os.cpus().length} × ${cpu}; Node ${process.version}`,
      `check locations   ${seconds(median(figures.checkLocations))}`,
      `import locations  ${seconds(median(figures.importLocations))}`,
      `check staff       ${seconds(median(figures.checkStaff))}`,
      `import staff      ${seconds(median(figures.importStaff))}`,
      `both imports      ${seconds(total)}  (target ≤ ${seconds(TARGET_MS)})`,
      `baseline (bare INSERTs of the same rows) ${seconds(median(figures.baseline))}; imports / baseline ${(total / median(figures.baseline)).toFixed(1)}×`,
      `export locations  ${seconds(median(figures.exportLocations))}`,
      `export staff      ${seconds(median(figures.exportStaff))}`,
    ].join("\n"),
  );
  if (total > TARGET_MS) {
    console.error(`over the target: ${seconds(total)} > ${seconds(TARGET_MS)}`);
    process.exitCode = 1;
  }
}

/** The floor: the rows of both files written with multi-row INSERTs, nothing checked. */
async function bareInsert(tx: Tx, vendorId: number, prefix: string) {
  const ids: number[] = [];
  for (let i = 0; i < LOCATIONS; i += 500) {
    const chunk = Array.from({ length: Math.min(500, LOCATIONS - i) }, (_, k) => {
      const n = i + k;
      const [city, province, zone, lat, lon] = CITIES[n % CITIES.length]!;
      return {
        vendorId,
        externalId: `${prefix}-${n}`,
        name: `${city} — Branch ${n}`,
        address: `${n} King Street`,
        city,
        provState: province,
        postalZip: "M5H 1A1",
        country: "CA",
        latitude: lat,
        longitude: lon,
        timezone: zone,
        hours: Object.fromEntries(
          WEEKDAYS.map((day) => [day, [{ open: "08:30", closed: "17:00" }]]),
        ),
      };
    });
    const rows = await tx
      .insert(locations)
      .values(chunk as (typeof locations.$inferInsert)[])
      .returning({ id: locations.id });
    ids.push(...rows.map((row) => row.id));
  }
  for (let i = 0; i < STAFF; i += 500) {
    const chunk = Array.from({ length: Math.min(500, STAFF - i) }, (_, k) => ({
      vendorId,
      email: `${prefix.toLowerCase()}.floor${i + k}@bench.example`,
      firstName: "Anna",
      lastName: "Nowak",
      roleLevel: ROLES.staff,
      lang: "en",
      languages: [],
      passwordHash: null,
    }));
    const rows = await tx.insert(users).values(chunk).returning({ id: users.id });
    const links = rows.flatMap((row, k) =>
      Array.from({ length: ((i + k) % 3) + 1 }, (_, j) => ({
        vendorId,
        userId: row.id,
        locationId: ids[((i + k) * 7 + j * 131) % ids.length]!,
      })),
    );
    const unique = [...new Map(links.map((l) => [`${l.userId}:${l.locationId}`, l])).values()];
    await tx.insert(userLocations).values(unique);
  }
}

await main();
