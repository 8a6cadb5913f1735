// GET /api/v2/open/availability through the real app on a real database, on a clock that stands
// still (Monday 30 November 2026, 07:00 in Toronto): slots on the location's wall clock with its
// offset, one staff member's, what a booking, a break and a holiday take away, phone meetings
// beyond the opening hours, another vendor's ids as not found, and every bad parameter a
// localised 422 naming it. The main location keeps no roster (its staff work its opening hours);
// the tests about shifts make a location of their own.
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AVAILABILITY_NOW,
  type AvailabilityWorld,
  createAvailabilityWorld,
  toronto,
} from "../../../test/factories/availability-world.ts";
import { errorsOf, nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import type { AvailabilityDocument } from "../../shared/contracts/availability.ts";
import { locations } from "../db/schema.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: AvailabilityWorld;
let stranger: AvailabilityWorld;
let ada: number;
let grace: number;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  world = await createAvailabilityWorld(t.db);
  stranger = await createAvailabilityWorld(t.db);
  ada = await world.addStaff({ firstName: "Ada", lastName: "Lovelace" });
  grace = await world.addStaff({ firstName: "Grace", lastName: "hopper" });
});
afterAll(() => t.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(AVAILABILITY_NOW);
});
afterEach(() => vi.useRealTimers());

type Query = Record<string, string | number>;

/** The call for `world`'s service and location unless the query names others. */
function get(
  query: Query,
  options: { world?: AvailabilityWorld; host?: string; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  const asked = options.world ?? world;
  const params = new URLSearchParams(
    Object.entries({
      service_id: asked.serviceId,
      location_id: asked.locationId,
      ...query,
    }).map(([key, value]) => [key, String(value)]),
  );
  return t.app.inject({
    url: `/api/v2/open/availability?${params}`,
    headers: {
      host: options.host ?? asked.host,
      ...(options.lang ? { "accept-language": options.lang } : {}),
    },
    remoteAddress: nextRemoteAddress(),
  });
}

async function days(query: Query, asked = world) {
  const res = await get(query, { world: asked });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AvailabilityDocument;
}

/** The day's slots as "HH:MM" starts on the Toronto clock, with their staff. */
const startsOn = (document: AvailabilityDocument, date: string) =>
  (document.data.find((day) => day.id === date)?.attributes.slots ?? []).map(
    (slot) => [slot.start.slice(11, 16), slot.staff_ids.map(Number)] as const,
  );
const times = (document: AvailabilityDocument, date: string) =>
  startsOn(document, date).map(([time]) => time);

const EVERY_HALF_HOUR = [
  "09:00",
  "09:30",
  "10:00",
  "10:30",
  "11:00",
  "11:30",
  "12:00",
  "12:30",
  "13:00",
  "13:30",
  "14:00",
  "14:30",
  "15:00",
  "15:30",
  "16:00",
];

describe("GET /api/v2/open/availability answers", () => {
  it("the day's slots on the location's clock with its offset, and the staff by first name and initial", async () => {
    const res = await get({ from: "2026-12-01", to: "2026-12-01" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("application/vnd.api+json");
    expect(res.headers["cache-control"]).toBe("private, max-age=15");
    const document = res.json() as AvailabilityDocument;
    expect(document.meta).toEqual({
      time_zone: "America/Toronto",
      from: "2026-12-01",
      to: "2026-12-01",
    });
    expect(document.data.map((day) => day.id)).toEqual(["2026-12-01"]);
    const [first] = document.data[0]!.attributes.slots;
    expect(first).toEqual({
      start: "2026-12-01T09:00:00-05:00",
      end: "2026-12-01T10:00:00-05:00",
      staff_ids: [String(ada), String(grace)],
    });
    expect(times(document, "2026-12-01")).toEqual(EVERY_HALF_HOUR);
    expect(document.included).toEqual([
      { type: "staff", id: String(ada), attributes: { display_name: "Ada L." } },
      { type: "staff", id: String(grace), attributes: { display_name: "Grace H." } },
    ]);
    expect(res.body).not.toContain("@availability.test");
    expect(res.body).not.toContain("Lovelace");
  });

  it("one staff member's slots with staff_id, and includes only them", async () => {
    const document = await days({ from: "2026-12-01", to: "2026-12-01", staff_id: grace });
    expect(
      startsOn(document, "2026-12-01").every(([, staff]) => staff.join() === String(grace)),
    ).toBe(true);
    expect(times(document, "2026-12-01")).toEqual(EVERY_HALF_HOUR);
    expect(document.included.map((staff) => staff.id)).toEqual([String(grace)]);
  });

  it("without a booked appointment's time for its staff member", async () => {
    await world.addAppointment({
      userId: ada,
      startsAt: toronto("2026-12-02", "10:00"),
      endsAt: toronto("2026-12-02", "11:00"),
    });
    const adaAlone = await days({ from: "2026-12-02", to: "2026-12-02", staff_id: ada });
    expect(times(adaAlone, "2026-12-02")).toEqual(
      EVERY_HALF_HOUR.filter((time) => !["09:30", "10:00", "10:30"].includes(time)),
    );
    const anyone = await days({ from: "2026-12-02", to: "2026-12-02" });
    expect(startsOn(anyone, "2026-12-02")).toContainEqual(["10:00", [grace]]);
    expect(startsOn(anyone, "2026-12-02")).toContainEqual(["11:00", [ada, grace]]);
  });

  it("nobody during a break", async () => {
    // A location that keeps a roster: Thursday, Ada works 09:00–17:00 with lunch 12:00–13:00.
    const rostered = await createAvailabilityWorld(t.db);
    const lin = await rostered.addStaff({ firstName: "Lin" });
    await rostered.addStaff({ firstName: "Off today" });
    await rostered.addShift(lin, toronto("2026-12-03", "09:00"), toronto("2026-12-03", "17:00"));
    await rostered.addShift(
      lin,
      toronto("2026-12-03", "12:00"),
      toronto("2026-12-03", "13:00"),
      "break",
    );
    const document = await days({ from: "2026-12-03", to: "2026-12-03" }, rostered);
    expect(startsOn(document, "2026-12-03")).toEqual(
      EVERY_HALF_HOUR.filter((time) => !["11:30", "12:00", "12:30"].includes(time)).map((time) => [
        time,
        [lin],
      ]),
    );
  });

  it("no day the location closes for a holiday", async () => {
    await world.addHoliday("2026-12-04");
    const document = await days({ from: "2026-12-04", to: "2026-12-07" });
    expect(document.data.map((day) => day.id)).toEqual(["2026-12-07"]); // Friday closed, then the weekend
  });

  it("phone meetings whenever a shift runs, beyond the opening hours", async () => {
    const rostered = await createAvailabilityWorld(t.db);
    const lin = await rostered.addStaff();
    await rostered.addShift(lin, toronto("2026-12-08", "07:00"), toronto("2026-12-08", "19:00"));
    const range = { from: "2026-12-08", to: "2026-12-08" };
    const phone = await days({ ...range, meeting_method: 2 }, rostered);
    expect(times(phone, "2026-12-08")[0]).toBe("07:00");
    expect(times(phone, "2026-12-08").at(-1)).toBe("18:00");
    const inPerson = await days(range, rostered);
    expect(times(inPerson, "2026-12-08")).toEqual(EVERY_HALF_HOUR);
  });

  it("62 days at most, both ends included, and the other vendor's own ids on its own host", async () => {
    const longest = await days({ from: "2026-12-01", to: "2027-01-31" });
    expect(longest.meta).toMatchObject({ from: "2026-12-01", to: "2027-01-31" });
    expect(longest.data.length).toBeGreaterThan(0);
    const theirs = await days({ from: "2026-12-01", to: "2026-12-01" }, stranger);
    expect(theirs.meta.time_zone).toBe("America/Toronto");
  });
});

// These refusals come before the engine runs.
describe("GET /api/v2/open/availability refuses", () => {
  it("another vendor's location, service or staff member, and a private location, as not found", async () => {
    const privateLocation = await world.addLocation({ visibility: "private" });
    const stranded = await stranger.addStaff();
    const foreign: Query[] = [
      { location_id: stranger.locationId },
      { service_id: stranger.serviceId },
      { staff_id: stranded },
      { location_id: privateLocation },
      { location_id: 2_147_483_647 },
    ];
    for (const query of foreign) {
      const res = await get({ from: "2026-12-01", to: "2026-12-01", ...query });
      expect(res.statusCode, JSON.stringify(query)).toBe(404);
      expect(errorsOf(res)[0]).toMatchObject({ status: "404", code: "not_found" });
    }
  });

  it("bad dates, a reversed or too long range and bad numbers with a 422 naming the parameter", async () => {
    const cases: [Query, string, string][] = [
      [{ from: "2026-02-30", to: "2026-03-01" }, "from", "This value is not valid"],
      [{ from: "2026-12-01", to: "12/02/2026" }, "to", "This value is not valid"],
      [{ from: "1999-12-31", to: "2000-01-01" }, "from", "Choose a date between 2000 and 2099"],
      [
        { from: "2026-12-02", to: "2026-12-01" },
        "to",
        "The end date cannot be before the start date",
      ],
      [{ from: "2026-12-01", to: "2027-02-01" }, "to", "Ask for at most 62 days at a time"],
      [{ to: "2026-12-01" }, "from", "This field is required"],
      [{ from: "2026-12-01", to: "2026-12-01", meeting_method: 5 }, "meeting_method", ""],
      [{ from: "2026-12-01", to: "2026-12-01", attendees: 0 }, "attendees", ""],
      [{ from: "2026-12-01", to: "2026-12-01", attendees: 51 }, "attendees", ""],
      [{ from: "2026-12-01", to: "2026-12-01", staff_id: "x" }, "staff_id", ""],
      [{ from: "2026-12-01", to: "2026-12-01", service_id: "-1" }, "service_id", ""],
      [{ from: "2026-12-01", to: "2026-12-01", extra: 1 }, "extra", ""],
    ];
    for (const [query, parameter, detail] of cases) {
      const res = await get(query);
      expect(res.statusCode, `${JSON.stringify(query)} ${res.body}`).toBe(422);
      const errors = errorsOf(res);
      // calendarDate reports each of its checks a malformed date fails: all about that one.
      expect([...new Set(errors.map((error) => error.source?.parameter))]).toEqual([parameter]);
      const error = errors[0]!;
      expect(error.detail).toBeTruthy();
      if (detail) expect(error.detail).toBe(detail);
    }
    const french = await get({ from: "2026-12-02", to: "2026-12-01" }, { lang: "fr" });
    expect(errorsOf(french)[0]!.detail).toBe(
      "La date de fin ne peut pas précéder la date de début",
    );
  });

  it("a meeting method, service or staff member not offered here with a 422 naming it", async () => {
    const video = await get({ from: "2026-12-01", to: "2026-12-01", meeting_method: 3 });
    expect(video.statusCode).toBe(422);
    expect(errorsOf(video)[0]).toMatchObject({
      code: "method_unavailable",
      detail: "This service cannot be booked by video at this location",
      source: { parameter: "meeting_method" },
    });
    const polish = await get(
      { from: "2026-12-01", to: "2026-12-01", meeting_method: 3 },
      { lang: "pl" },
    );
    expect(errorsOf(polish)[0]!.detail).toBe(
      "Tej usługi nie można zarezerwować przez wideo w tej placówce",
    );

    const elsewhere = await world.addLocation();
    await t.db.update(locations).set({ supportsPhone: false }).where(eq(locations.id, elsewhere));
    const onlyThere = await world.addService({ locationIds: [elsewhere] });
    const phoneThere = await get({
      from: "2026-12-01",
      to: "2026-12-01",
      location_id: elsewhere,
      service_id: onlyThere,
      meeting_method: 2,
    });
    expect(errorsOf(phoneThere)[0]).toMatchObject({
      code: "method_unavailable",
      detail: "This service cannot be booked by phone at this location",
    });

    const notHere = await get({ from: "2026-12-01", to: "2026-12-01", service_id: onlyThere });
    expect(notHere.statusCode).toBe(422);
    expect(errorsOf(notHere)[0]).toMatchObject({
      code: "service_unavailable",
      source: { parameter: "service_id" },
    });

    const away = await world.addStaff({ locationIds: [elsewhere] });
    const staffAway = await get({ from: "2026-12-01", to: "2026-12-01", staff_id: away });
    expect(staffAway.statusCode).toBe(422);
    expect(errorsOf(staffAway)[0]).toMatchObject({
      code: "staff_unavailable",
      detail: "This staff member does not offer this service at this location",
      source: { parameter: "staff_id" },
    });
  });
});
