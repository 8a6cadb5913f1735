// Location resources honour dated hour adjustments (a holiday closure, special hours) in
// is_currently_open and future_open_hours, and write the phone number as the location's country does.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocation } from "../../../test/factories/locations.ts";
import { createVendor } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { zonedInstant } from "../../shared/opening-hours.ts";
import { locationHourAdjustments } from "../db/schema.ts";
import { localDayAt } from "../scheduling/local-day.ts";

const HOST = "hours.localhost";

type LocationAttributes = {
  is_currently_open: boolean;
  hours: Record<string, { open: string; closed: string } | null>;
  opening_periods: Record<string, { open: string; closed: string }[]>;
  future_open_hours: { weekday: string; hours: { start: string; end: string } }[];
  phone: string | null;
  phone_formatted: string | null;
};

const utcHHmmss = (d: Date) => d.toISOString().slice(11, 19).replaceAll(":", "");

describe("location hours with dated adjustments", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let vendorId: number;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    vendorId = (await createVendor(t.db, { hosts: [HOST] })).id;
  });
  afterAll(() => t.close());

  const attributesOf = async (id: number): Promise<LocationAttributes> => {
    const res = await t.app.inject({
      url: `/api/v2/open/locations/${id}`,
      headers: { host: HOST },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.attributes;
  };

  it("is closed today and leaves today out of future_open_hours when a holiday closes it", async () => {
    const location = await createLocation(t.db, vendorId, { name: "Holiday Branch" });
    expect((await attributesOf(location.id)).is_currently_open).toBe(true);
    const today = localDayAt(new Date(), location.timezone);
    await t.db
      .insert(locationHourAdjustments)
      .values({ vendorId, locationId: location.id, day: today.date, hours: null });

    const attributes = await attributesOf(location.id);
    expect(attributes.is_currently_open).toBe(false);
    expect(attributes.future_open_hours).toHaveLength(6);
    expect(attributes.future_open_hours.map((d) => d.weekday)).not.toContain(today.weekday);

    const listed = await t.app.inject({ url: "/api/v2/open/locations", headers: { host: HOST } });
    const inList = listed.json().data.find((l: { id: string }) => l.id === String(location.id));
    expect(inList.attributes.is_currently_open).toBe(false);
  });

  it("lists a special opening's hours for its date instead of the weekday's", async () => {
    const location = await createLocation(t.db, vendorId, { name: "Special Hours Branch" });
    const today = localDayAt(new Date(), location.timezone);
    const special = localDayAt(new Date(today.end.getTime() + 3_600_000), location.timezone);
    await t.db.insert(locationHourAdjustments).values({
      vendorId,
      locationId: location.id,
      day: special.date,
      hours: [{ open: "10:00", closed: "12:30" }],
      kind: "location",
    });

    const days = (await attributesOf(location.id)).future_open_hours;
    const day = days.find((d) => d.weekday === special.weekday)!;
    expect(day.hours).toEqual({
      start: utcHHmmss(zonedInstant(special.date, 600, location.timezone)),
      end: utcHHmmss(zonedInstant(special.date, 750, location.timezone)),
    });
    expect(days).toHaveLength(7);
  });

  describe("a day closed at lunch", () => {
    afterEach(() => vi.useRealTimers());
    const lunch = [
      { open: "09:00", closed: "12:00" },
      { open: "13:00", closed: "17:00" },
    ];

    it("is closed in the gap, lists each period, and keeps spec §3 hours as one pair", async () => {
      const location = await createLocation(t.db, vendorId, {
        name: "Lunch Branch",
        timezone: "America/Toronto",
        hours: {
          monday: null,
          tuesday: lunch,
          wednesday: lunch,
          thursday: null,
          friday: null,
          saturday: null,
          sunday: null,
        },
      });
      vi.useFakeTimers({ toFake: ["Date"] });
      // Tuesday 12 March 2030, 12:30 in Toronto (EDT, UTC−4)
      vi.setSystemTime(new Date("2030-03-12T16:30:00Z"));
      const gap = await attributesOf(location.id);
      expect(gap.is_currently_open).toBe(false);
      expect(gap.hours.tuesday).toEqual({ open: "09:00", closed: "17:00" });
      expect(gap.hours.monday).toBeNull();
      expect(gap.opening_periods.tuesday).toEqual(lunch);
      expect(gap.opening_periods.monday).toEqual([]);
      // Today's morning is over; the afternoon, then both of Wednesday's periods.
      expect(gap.future_open_hours).toEqual([
        { weekday: "tuesday", hours: { start: "170000", end: "210000" } },
        { weekday: "wednesday", hours: { start: "130000", end: "160000" } },
        { weekday: "wednesday", hours: { start: "170000", end: "210000" } },
      ]);
      vi.setSystemTime(new Date("2030-03-12T17:00:00Z"));
      expect((await attributesOf(location.id)).is_currently_open).toBe(true);
    });
  });

  it("writes the phone number in the national form of the location's country, else internationally", async () => {
    const home = await createLocation(t.db, vendorId, { phone: "+12175550100", country: "US" });
    const abroad = await createLocation(t.db, vendorId, { phone: "+442079460000", country: "US" });
    const none = await createLocation(t.db, vendorId, { phone: null });
    expect(await attributesOf(home.id)).toMatchObject({
      phone: "+12175550100",
      phone_formatted: "(217) 555-0100",
    });
    expect((await attributesOf(abroad.id)).phone_formatted).toBe("+44 20 7946 0000");
    expect((await attributesOf(none.id)).phone_formatted).toBeNull();
  });
});
