// The opening-hours API: weekly hours (a close before an open, bad times and unknown fields are
// refused with pointers, nothing saved), versions (ETag, If-Match, 409 with the current hours),
// adjustments (one-off and yearly, names without U+0000, one per date), the preview on a fixed
// clock, and for every change an audit record and a location.updated event.
import { and, desc, eq } from "drizzle-orm";
import type { Response as LightMyRequestResponse } from "light-my-request";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createStaffWorld,
  type StaffWorld,
  signInAs,
  uniqueRemoteAddress,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { auditLog, locationHourAdjustments, locations } from "../db/schema.ts";

const api = "/api/internal/v1";
let t: Awaited<ReturnType<typeof buildTestApp>>;
let w: StaffWorld;
let other: StaffWorld;
let call: (
  method: "GET" | "PUT" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

const nineToFive = { open: "09:00", closed: "17:00" };
const week = (changes: Record<string, unknown> = {}) => ({
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  friday: nineToFive,
  saturday: null,
  sunday: null,
  ...changes,
});
/** The week as the API answers it: each open day a list of its periods. */
const weekAnswered = (changes: Record<string, unknown> = {}) =>
  Object.fromEntries(
    Object.entries(week(changes)).map(([day, hours]) => [
      day,
      hours === null || Array.isArray(hours) ? hours : [hours],
    ]),
  );
const morning = { open: "09:00", closed: "12:00" };
const afternoon = { open: "13:00", closed: "17:00" };
const hoursDoc = (weekly: object) => ({ data: { type: "location-hours", attributes: { weekly } } });
const adjustmentDoc = (attributes: object) => ({
  data: { type: "location-hour-adjustments", attributes },
});

let session: Awaited<ReturnType<typeof signInAs>>;
/** Signs the manager in afresh (a session opened before the clock moved may have lapsed). */
async function signIn() {
  session = await signInAs(t.app, w.staff[ROLES.manager], w.vendor.host);
}
/** Sets the clock (Date only) to `iso` and signs in again. */
async function at(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
  await signIn();
}
const published: unknown[] = [];

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  w = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  await signIn();
  const publish = t.app.cacheInvalidation.publish.bind(t.app.cacheInvalidation);
  vi.spyOn(t.app.cacheInvalidation, "publish").mockImplementation(async (change) => {
    published.push(change);
    await publish(change);
  });
  call = (method, url, payload, headers = {}) =>
    t.app.inject({
      method,
      url: `${api}${url}`,
      remoteAddress: uniqueRemoteAddress(),
      headers: {
        host: w.vendor.host,
        cookie: session.cookie,
        "x-csrf-token": session.csrfToken,
        ...headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
});
afterAll(() => t.close());
afterEach(async () => {
  if (vi.isFakeTimers()) {
    vi.useRealTimers();
    await signIn();
  }
});

const location = () => w.locations[0];
const errors = (response: { json(): unknown }) =>
  (response.json() as { errors: { code: string; source?: { pointer?: string } }[] }).errors;

async function lastAudit(locationId: number) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "location_hours"), eq(auditLog.subjectId, locationId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}
/** Waits until the location's cache drop reached the invalidation bus (every node). */
async function expectCacheDrop(locationId: number, count = 1) {
  const drops = () =>
    published.filter(
      (change) =>
        (change as { entity: string; locationId?: number }).entity === "location" &&
        (change as { locationId?: number }).locationId === locationId,
    ).length;
  const before = drops();
  return {
    async reached() {
      await vi.waitFor(() => expect(drops()).toBeGreaterThanOrEqual(before + count), {
        timeout: 5000,
      });
    },
  };
}

describe("weekly hours", () => {
  it("reads the week with every weekday and the location's version as ETag", async () => {
    const response = await call("GET", `/locations/${location().id}/hours`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body.data.attributes.weekly)).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(response.headers.etag).toBe(`"${body.data.attributes.version}"`);
  });

  it("saves the week with If-Match, bumps the version, audits and writes location.updated", async () => {
    const before = await call("GET", `/locations/${location().id}/hours`);
    const version = before.json().data.attributes.version as number;
    const drop = await expectCacheDrop(location().id);
    const saved = await call("PUT", `/locations/${location().id}/hours`, hoursDoc(week()), {
      "if-match": `"${version}"`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A lone interval, as clients written before several periods a day send it, is one period.
    expect(saved.json().data.attributes.weekly.monday).toEqual([nineToFive]);
    expect(saved.json().data.attributes.weekly.saturday).toBeNull();
    expect(saved.headers.etag).toBe(`"${version + 1}"`);
    const [row] = await t.db.select().from(locations).where(eq(locations.id, location().id));
    expect(row?.hours.monday).toEqual([nineToFive]);
    expect(row?.version).toBe(version + 1);
    const audit = await lastAudit(location().id);
    expect(audit).toMatchObject({
      action: "updated",
      actorUserId: w.staff[ROLES.manager].id,
      after: { weekly: weekAnswered() },
    });
    expect(audit?.before).toHaveProperty("weekly");
    await drop.reached();
  });

  it("answers 409 with the current hours when the location moved on, and changes nothing", async () => {
    const current = (await call("GET", `/locations/${location().id}/hours`)).json().data;
    const stale = current.attributes.version - 1;
    expect(stale).toBeGreaterThan(0);
    const response = await call(
      "PUT",
      `/locations/${location().id}/hours`,
      hoursDoc(week({ monday: null })),
      { "if-match": `"${stale}"` },
    );
    expect(response.statusCode).toBe(409);
    expect(errors(response)[0]?.code).toBe("version_conflict");
    expect(response.json().meta.current).toEqual(current);
    const [row] = await t.db.select().from(locations).where(eq(locations.id, location().id));
    expect(row?.hours.monday).toEqual([nineToFive]);
  });

  it("refuses a close before (or at) the open with a pointer at the close", async () => {
    const response = await call(
      "PUT",
      `/locations/${location().id}/hours`,
      hoursDoc(week({ tuesday: { open: "17:00", closed: "09:00" } })),
    );
    expect(response.statusCode).toBe(422);
    expect(errors(response)).toEqual([
      expect.objectContaining({
        source: { pointer: "/data/attributes/weekly/tuesday/closed" },
        detail: expect.stringMatching(/after/i),
      }),
    ]);
    const same = await call(
      "PUT",
      `/locations/${location().id}/hours`,
      hoursDoc(week({ tuesday: { open: "09:00", closed: "09:00" } })),
    );
    expect(same.statusCode).toBe(422);
  });

  it("refuses bad times, a missing weekday, unknown fields and a malformed If-Match", async () => {
    const badTime = await call(
      "PUT",
      `/locations/${location().id}/hours`,
      hoursDoc(week({ friday: { open: "9:00", closed: "24:00" } })),
    );
    expect(badTime.statusCode).toBe(422);
    expect(errors(badTime).map((e) => e.source?.pointer)).toEqual([
      "/data/attributes/weekly/friday/open",
      "/data/attributes/weekly/friday/closed",
    ]);
    const { sunday: _, ...sixDays } = week();
    const missing = await call("PUT", `/locations/${location().id}/hours`, hoursDoc(sixDays));
    expect(missing.statusCode).toBe(422);
    expect(errors(missing)[0]?.source?.pointer).toBe("/data/attributes/weekly/sunday");
    const unknown = await call(
      "PUT",
      `/locations/${location().id}/hours`,
      hoursDoc(week({ funday: null })),
    );
    expect(unknown.statusCode).toBe(422);
    expect(errors(unknown)[0]?.code).toBe("unknown_field");
    const badIfMatch = await call("PUT", `/locations/${location().id}/hours`, hoursDoc(week()), {
      "if-match": "v1",
    });
    expect(badIfMatch.statusCode).toBe(400);
  });

  it("saves several periods a day, sorted, and answers with lists", async () => {
    const saved = await call(
      "PUT",
      `/locations/${location().id}/hours`,
      hoursDoc(week({ wednesday: [afternoon, morning], saturday: [], sunday: [nineToFive] })),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const weekly = saved.json().data.attributes.weekly;
    expect(weekly.wednesday).toEqual([morning, afternoon]);
    expect(weekly.saturday).toBeNull();
    expect(weekly.sunday).toEqual([nineToFive]);
    const [row] = await t.db.select().from(locations).where(eq(locations.id, location().id));
    expect(row?.hours.wednesday).toEqual([morning, afternoon]);
    const read = await call("GET", `/locations/${location().id}/hours`);
    expect(read.json().data.attributes.weekly).toEqual(weekly);
  });

  it("refuses periods that overlap or touch, a close before its open, and too many, with pointers", async () => {
    const before = (await call("GET", `/locations/${location().id}/hours`)).json().data;
    const put = (weekly: object) =>
      call("PUT", `/locations/${location().id}/hours`, hoursDoc(weekly));
    const overlap = await put(week({ monday: [morning, { open: "11:00", closed: "17:00" }] }));
    expect(overlap.statusCode).toBe(422);
    expect(errors(overlap)).toEqual([
      expect.objectContaining({
        code: "invalid",
        source: { pointer: "/data/attributes/weekly/monday/1/open" },
        detail: expect.stringMatching(/overlap/i),
      }),
    ]);
    // Sent afternoon first: the later one in the list is the one pointed at.
    const touching = await put(week({ friday: [{ open: "12:00", closed: "17:00" }, morning] }));
    expect(errors(touching).map((e) => e.source?.pointer)).toEqual([
      "/data/attributes/weekly/friday/1/open",
    ]);
    const backwards = await put(week({ tuesday: [morning, { open: "17:00", closed: "13:00" }] }));
    expect(errors(backwards).map((e) => e.source?.pointer)).toEqual([
      "/data/attributes/weekly/tuesday/1/closed",
    ]);
    const hourly = Array.from({ length: 7 }, (_, i) => ({
      open: `${String(9 + i).padStart(2, "0")}:00`,
      closed: `${String(9 + i).padStart(2, "0")}:30`,
    }));
    const tooMany = await put(week({ thursday: hourly }));
    expect(tooMany.statusCode).toBe(422);
    expect(errors(tooMany).map((e) => e.source?.pointer)).toEqual([
      "/data/attributes/weekly/thursday",
    ]);
    expect(await put(week({ thursday: hourly.slice(0, 6) }))).toHaveProperty("statusCode", 200);
    const notPeriods = await put(week({ monday: [nineToFive, "13:00-17:00"] }));
    expect(errors(notPeriods).map((e) => e.source?.pointer)).toEqual([
      "/data/attributes/weekly/monday/1",
    ]);
    const after = (await call("GET", `/locations/${location().id}/hours`)).json().data;
    expect(after.attributes.version).toBe(before.attributes.version + 1);
  });

  it("does not find another vendor's location (404), nor a path with U+0000", async () => {
    const foreign = await call("GET", `/locations/${other.locations[0].id}/hours`);
    expect(foreign.statusCode).toBe(404);
    const put = await call("PUT", `/locations/${other.locations[0].id}/hours`, hoursDoc(week()));
    expect(put.statusCode).toBe(404);
    const nul = await call("GET", `/locations/1%00/hours`);
    expect(nul.statusCode).toBe(404);
  });
});

describe("adjustments", () => {
  const base = () => `/locations/${location().id}/adjustments`;

  it("adds a one-off closure and a yearly holiday with a name; lists them; audits each", async () => {
    await at("2026-12-01T15:00:00Z");
    const drop = await expectCacheDrop(location().id, 2);
    const closure = await call(
      "POST",
      base(),
      adjustmentDoc({ date: "2026-12-08", name: "  Staff training ", hours: null }),
    );
    expect(closure.statusCode, closure.body).toBe(201);
    expect(closure.json().data.attributes).toMatchObject({
      date: "2026-12-08",
      name: "Staff training",
      hours: null,
      recurs_yearly: false,
      next_date: "2026-12-08",
      version: 1,
    });
    expect(closure.headers.etag).toBe('"1"');
    const christmas = await call(
      "POST",
      base(),
      adjustmentDoc({
        date: "2020-12-25",
        name: "Christmas Day",
        hours: null,
        recurs_yearly: true,
      }),
    );
    expect(christmas.statusCode, christmas.body).toBe(201);
    expect(christmas.json().data.attributes.next_date).toBe("2026-12-25");
    const audit = await lastAudit(location().id);
    expect(audit).toMatchObject({
      action: "created",
      before: null,
      after: { date: "2020-12-25", name: "Christmas Day", recurs_yearly: true, hours: null },
    });
    await drop.reached();

    const list = await call("GET", base());
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json().data.map((item: { attributes: { name: string } }) => item.attributes.name),
    ).toEqual(["Staff training", "Christmas Day"]);
    expect(list.json().meta).toMatchObject({ from: "2026-12-01", to: null, today: "2026-12-01" });
    // A past range still lists the yearly holiday, and not the closure ahead.
    const past = await call("GET", `${base()}?from=2025-01-01&to=2025-12-31`);
    expect(
      past.json().data.map((item: { attributes: { name: string } }) => item.attributes.name),
    ).toEqual(["Christmas Day"]);
  });

  it("shows the next days as visitors will: weekly hours, the closure and the yearly holiday", async () => {
    await at("2026-12-20T15:00:00Z");
    await call(
      "PUT",
      `/locations/${location().id}/hours`,
      hoursDoc(week({ wednesday: [morning, afternoon] })),
    );
    await call(
      "POST",
      base(),
      adjustmentDoc({
        date: "2026-12-24",
        name: "Christmas Eve",
        hours: { open: "09:00", closed: "12:00" },
      }),
    );
    const response = await call("GET", `/locations/${location().id}/hours/preview?days=14`);
    expect(response.statusCode, response.body).toBe(200);
    const days = response.json().data as {
      id: string;
      attributes: { weekday: string; hours: unknown; adjustment: { name: string } | null };
    }[];
    expect(days).toHaveLength(14);
    expect(days[0]?.id).toBe("2026-12-20");
    const on = (date: string) => days.find((day) => day.id === date)?.attributes;
    expect(on("2026-12-20")).toMatchObject({ weekday: "sunday", hours: null, adjustment: null });
    expect(on("2026-12-21")).toMatchObject({ weekday: "monday", hours: [nineToFive] });
    expect(on("2026-12-23")).toMatchObject({ weekday: "wednesday", hours: [morning, afternoon] });
    expect(on("2026-12-24")).toMatchObject({
      hours: [{ open: "09:00", closed: "12:00" }],
      adjustment: { name: "Christmas Eve" },
    });
    expect(on("2026-12-25")).toMatchObject({
      weekday: "friday",
      hours: null,
      adjustment: { name: "Christmas Day", recurs_yearly: true },
    });
    const refused = await call("GET", `/locations/${location().id}/hours/preview?days=0`);
    expect(refused.statusCode).toBe(422);
  });

  it("refuses a second adjustment on a taken date, U+0000 and lone surrogates in names, bad hours", async () => {
    const taken = await call("POST", base(), adjustmentDoc({ date: "2026-12-08", hours: null }));
    expect(taken.statusCode).toBe(422);
    expect(errors(taken)[0]).toMatchObject({
      code: "date_taken",
      source: { pointer: "/data/attributes/date" },
    });
    const yearlyTaken = await call(
      "POST",
      base(),
      adjustmentDoc({ date: "2031-12-25", hours: null, recurs_yearly: true }),
    );
    expect(yearlyTaken.statusCode).toBe(422);
    for (const name of ["Boxing\u0000Day", "Boxing \ud800Day"]) {
      const response = await call(
        "POST",
        base(),
        adjustmentDoc({ date: "2026-12-26", name, hours: null }),
      );
      expect(response.statusCode).toBe(422);
      expect(errors(response)[0]?.source?.pointer).toBe("/data/attributes/name");
    }
    const backwards = await call(
      "POST",
      base(),
      adjustmentDoc({ date: "2026-12-26", hours: { open: "15:00", closed: "10:00" } }),
    );
    expect(errors(backwards)[0]?.source?.pointer).toBe("/data/attributes/hours/closed");
    const overlapping = await call(
      "POST",
      base(),
      adjustmentDoc({ date: "2026-12-26", hours: [morning, { open: "10:00", closed: "11:00" }] }),
    );
    expect(errors(overlapping)).toEqual([
      expect.objectContaining({ source: { pointer: "/data/attributes/hours/1/open" } }),
    ]);
    const notADay = await call("POST", base(), adjustmentDoc({ date: "2026-02-30", hours: null }));
    expect(errors(notADay)[0]?.source?.pointer).toBe("/data/attributes/date");
    expect(
      await t.db.$count(locationHourAdjustments, eq(locationHourAdjustments.day, "2026-12-26")),
    ).toBe(0);
  });

  it("changes an adjustment with If-Match, answers 409 on a stale version, deletes it", async () => {
    const created = await call(
      "POST",
      base(),
      adjustmentDoc({ date: "2027-03-01", name: "Inventory", hours: null }),
    );
    const id = created.json().data.id as string;
    const patched = await call(
      "PATCH",
      `${base()}/${id}`,
      adjustmentDoc({ hours: { open: "10:00", closed: "14:00" }, name: "Inventory (short day)" }),
      { "if-match": '"1"' },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.attributes).toMatchObject({
      hours: [{ open: "10:00", closed: "14:00" }],
      name: "Inventory (short day)",
      version: 2,
    });
    expect((await lastAudit(location().id))?.before).toMatchObject({ hours: null });
    const lunch = await call(
      "PATCH",
      `${base()}/${id}`,
      adjustmentDoc({ hours: [afternoon, morning] }),
      { "if-match": '"2"' },
    );
    expect(lunch.statusCode, lunch.body).toBe(200);
    expect(lunch.json().data.attributes).toMatchObject({
      hours: [morning, afternoon],
      version: 3,
    });
    expect(await lastAudit(location().id)).toMatchObject({
      before: { hours: [{ open: "10:00", closed: "14:00" }] },
      after: { hours: [morning, afternoon] },
    });
    const stale = await call("PATCH", `${base()}/${id}`, adjustmentDoc({ name: "x" }), {
      "if-match": '"1"',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().meta.current.attributes.name).toBe("Inventory (short day)");
    const staleDelete = await call("DELETE", `${base()}/${id}`, undefined, { "if-match": '"1"' });
    expect(staleDelete.statusCode).toBe(409);
    const deleted = await call("DELETE", `${base()}/${id}`, undefined, { "if-match": '"3"' });
    expect(deleted.statusCode).toBe(204);
    expect(await lastAudit(location().id)).toMatchObject({ action: "deleted", after: null });
    expect((await call("DELETE", `${base()}/${id}`)).statusCode).toBe(404);
  });

  it("does not reach another location's adjustment through this location's path", async () => {
    const created = await call(
      "POST",
      `/locations/${w.locations[1].id}/adjustments`,
      adjustmentDoc({ date: "2027-04-01", hours: null }),
    );
    const id = created.json().data.id as string;
    const wrongPath = await call("PATCH", `${base()}/${id}`, adjustmentDoc({ name: "x" }));
    expect(wrongPath.statusCode).toBe(404);
    const foreign = await call(
      "POST",
      `/locations/${other.locations[0].id}/adjustments`,
      adjustmentDoc({ date: "2027-04-01", hours: null }),
    );
    expect(foreign.statusCode).toBe(404);
  });
});
