// drizzle/0009 turns a day's stored hours from one {open, closed} into a list of periods, in
// place, for the weekly hours and the dated adjustments; closed days and new-shape rows stay.
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.ts";

const migration = readFileSync(`${migrationsFolder}/0009_several_opening_periods.sql`, "utf8");
const nine = { open: "09:00", closed: "17:00" };
const lunch = [
  { open: "09:00", closed: "12:00" },
  { open: "13:00", closed: "17:00" },
];

describe("migration 0009: several opening periods", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    // Only the columns the migration reads and writes.
    await db.exec(`
      create table locations (id int primary key, hours jsonb not null);
      create table location_hour_adjustments (id int primary key, hours jsonb);
    `);
    await db.query("insert into locations values (1, $1), (2, $2), (3, $3)", [
      JSON.stringify({ monday: nine, tuesday: null, sunday: null }),
      JSON.stringify({ monday: lunch, tuesday: null }),
      JSON.stringify({}),
    ]);
    await db.query(
      "insert into location_hour_adjustments values (1, $1), (2, null), (3, 'null'), (4, $2)",
      [JSON.stringify({ open: "10:00", closed: "12:00" }), JSON.stringify(lunch)],
    );
    for (const statement of migration.split("--> statement-breakpoint")) await db.exec(statement);
  });
  afterAll(() => db.close());

  const hoursOf = async (table: string, id: number) =>
    (await db.query<{ hours: unknown }>(`select hours from ${table} where id = $1`, [id])).rows[0]
      ?.hours;

  it("makes a stored day a list of its one period and keeps closed days closed", async () => {
    expect(await hoursOf("locations", 1)).toEqual({ monday: [nine], tuesday: null, sunday: null });
  });

  it("leaves weekly hours already in lists, and an empty week, as they are", async () => {
    expect(await hoursOf("locations", 2)).toEqual({ monday: lunch, tuesday: null });
    expect(await hoursOf("locations", 3)).toEqual({});
  });

  it("turns an adjustment's special hours into a list and leaves closures null", async () => {
    expect(await hoursOf("location_hour_adjustments", 1)).toEqual([
      { open: "10:00", closed: "12:00" },
    ]);
    expect(await hoursOf("location_hour_adjustments", 2)).toBeNull();
    expect(await hoursOf("location_hour_adjustments", 3)).toBeNull();
    expect(await hoursOf("location_hour_adjustments", 4)).toEqual(lunch);
  });
});
