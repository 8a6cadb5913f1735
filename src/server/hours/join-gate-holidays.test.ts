// The join's closed-hours gate honours the location's holidays at the join's own instant: a
// one-off closure, a yearly holiday (years after the one it was entered for), a one-off date that
// opens on a yearly holiday, and the location resources agree. Fixed instants, never the clock.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueueScenario, type QueueScenario } from "../../../test/factories/queue-scenario.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { locationHourAdjustments, locations } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import { jsonPointer as pointerOf } from "../http/json-api.ts";
import { loadHourAdjustments } from "../locations/load-hour-adjustments.ts";
import { loadJoinContext } from "../queue/load-join-context.ts";
import { loadWaitTimeInput } from "../queue/wait-time/load-wait-time-input.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";

const nineToFive = [{ open: "09:00", closed: "17:00" }];
const weekdays = {
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  // closed at lunch
  friday: [
    { open: "09:00", closed: "12:00" },
    { open: "13:00", closed: "17:00" },
  ],
  saturday: null,
  sunday: null,
};
// 2030-12-25 is a Wednesday; noon in Toronto is 17:00 UTC.
const CHRISTMAS_2030_NOON = new Date("2030-12-25T17:00:00Z");
const DAY_AFTER_NOON = new Date("2030-12-26T17:00:00Z");
const ONE_OFF_NOON = new Date("2030-11-13T17:00:00Z");

let t: Awaited<ReturnType<typeof buildTestApp>>;
let s: QueueScenario;
let vendor: Vendor;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  s = await createQueueScenario(t.db);
  vendor = (await t.app.caches.vendors.resolve("queue.localhost")) as Vendor;
  await t.db
    .update(locations)
    .set({ hours: weekdays, timezone: "America/Toronto", restrictCallbackRequestHours: true })
    .where(eq(locations.id, s.location.id));
  await t.db.insert(locationHourAdjustments).values([
    {
      vendorId: s.vendor.id,
      locationId: s.location.id,
      day: "2024-12-25",
      hours: null,
      name: "Christmas Day",
      recursYearly: true,
    },
    {
      vendorId: s.vendor.id,
      locationId: s.location.id,
      day: "2030-11-13",
      hours: null,
      name: "Staff training",
    },
  ]);
});
afterAll(() => t.close());

async function gate(now: Date, seen?: (error: AppError) => void) {
  try {
    await loadJoinContext(t.db, {
      vendor,
      locationId: s.location.id,
      serviceId: s.services.walkin.id,
      meetingMethod: 1,
      byStaff: false,
      throughClientView: false,
      kiosk: false,
      now,
      locale: "en",
      pointerOf,
    });
    return "open";
  } catch (error) {
    if (error instanceof AppError) {
      seen?.(error);
      return error.items[0]?.code;
    }
    throw error;
  }
}

describe("the join's closed-hours gate", () => {
  it("is open on a weekday at noon", async () => {
    expect(await gate(DAY_AFTER_NOON)).toBe("open");
  });

  it("is closed on a yearly holiday, years after the year it was entered for", async () => {
    expect(await gate(CHRISTMAS_2030_NOON)).toBe("location_closed");
  });

  it("is closed during a lunch closure, naming the afternoon's period, and open after it", async () => {
    // Friday 27 December 2030 in Toronto (EST, UTC−5): 11:59, 12:30 and 13:00
    expect(await gate(new Date("2030-12-27T16:59:00Z"))).toBe("open");
    let refusal: AppError | undefined;
    expect(
      await gate(new Date("2030-12-27T17:30:00Z"), (error) => {
        refusal = error;
      }),
    ).toBe("location_closed");
    expect(String(refusal?.items[0]?.values?.hours).replace(/\s/g, " ")).toBe(
      "Friday 1:00 – 5:00 PM",
    );
    expect(await gate(new Date("2030-12-27T18:00:00Z"))).toBe("open");
  });

  it("is closed on a one-off closure", async () => {
    expect(await gate(ONE_OFF_NOON)).toBe("location_closed");
  });

  it("opens on a yearly holiday when a one-off date of that year says so", async () => {
    const [row] = await t.db
      .insert(locationHourAdjustments)
      .values({
        vendorId: s.vendor.id,
        locationId: s.location.id,
        day: "2030-12-25",
        hours: [{ open: "10:00", closed: "14:00" }],
        name: "Christmas 2030: open for a few hours",
      })
      .returning();
    try {
      expect(await gate(CHRISTMAS_2030_NOON)).toBe("open");
    } finally {
      await t.db
        .delete(locationHourAdjustments)
        .where(eq(locationHourAdjustments.id, row?.id ?? 0));
    }
  });

  it("is open before the year a yearly holiday starts", async () => {
    // 2023-12-25 is a Monday, before the holiday's first year (2024)
    expect(await gate(new Date("2023-12-25T17:00:00Z"))).toBe("open");
  });
});

describe("other readers of adjustments", () => {
  it("the location resources' loader resolves yearly holidays by date", async () => {
    const found = await loadHourAdjustments(t.db, {
      vendorId: s.vendor.id,
      locationIds: [s.location.id],
      now: new Date("2030-12-22T17:00:00Z"),
    });
    const days = found.get(s.location.id);
    expect(days?.get("2030-12-25")).toBeNull();
    expect(days?.has("2030-12-24")).toBe(false);
  });

  it("the wait-time engine sees no opening hours on a yearly holiday", async () => {
    const holiday = await loadWaitTimeInput(
      t.db,
      { vendorId: s.vendor.id, locationId: s.location.id },
      CHRISTMAS_2030_NOON,
    );
    const workday = await loadWaitTimeInput(
      t.db,
      { vendorId: s.vendor.id, locationId: s.location.id },
      DAY_AFTER_NOON,
    );
    const open = (input: typeof holiday) =>
      input.simulation.lanes.flatMap((lane) => lane.available).length;
    expect(open(workday)).toBeGreaterThan(0);
    expect(open(holiday)).toBe(0);
  });
});
