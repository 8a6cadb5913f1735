// GET /api/internal/v1/dashboard on a fixed day at a location: counts, waits and quote accuracy by
// the documented rules, today's live line, and only the locations the caller may see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import {
  addVisitor,
  createLobbyWorld,
  type LobbyWorld,
  type StaffClient,
  staffClient,
  type VisitorOptions,
} from "../lobby/lobby-test-world.ts";
import { reportQuoteAccuracy } from "../queue/wait-time/quote-accuracy.ts";
import { localDayAt } from "../scheduling/local-day.ts";

/** 16 June 2026 in Toronto (EDT, UTC−4): local "HH:MM" of that day, or of a day around it. */
const toronto = (time: string, day = "2026-06-16") => new Date(`${day}T${time}:00-04:00`);

describe("GET /dashboard", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let w: LobbyWorld;
  let manager: StaffClient;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
    manager = await staffClient(t.app, w.staff[ROLES.manager], w.vendor.host);
    const at = (options: Partial<VisitorOptions> & { queuedAt: Date }) =>
      addVisitor(t.db, {
        vendorId: w.vendor.id,
        locationId: w.locations[0].id,
        serviceId: w.services.accounts.id,
        ...options,
      });
    const served = (joined: Date, started: Date, ended: Date, quoted: number | null) =>
      at({
        queuedAt: joined,
        status: "completed",
        startedAt: started,
        endedAt: ended,
        actualWaitSeconds: Math.round((started.getTime() - joined.getTime()) / 1000),
        quotedWaitSeconds: quoted,
      });
    await served(toronto("09:00"), toronto("09:10"), toronto("09:20"), 300);
    await served(toronto("09:05"), toronto("09:35"), toronto("09:50"), 1200);
    await served(toronto("10:00"), toronto("10:05"), toronto("10:30"), 600);
    await at({ queuedAt: toronto("11:00"), status: "no_show", endedAt: toronto("11:30") });
    await at({ queuedAt: toronto("12:00"), status: "cancelled", endedAt: toronto("12:10") });
    // Joined the evening before, served after midnight: served and waited on the day, not joined.
    await served(toronto("23:50", "2026-06-15"), toronto("00:20"), toronto("00:40"), 100);
    // Joined just before midnight, served the next day: joined on the day, and its quote counts there.
    await served(
      toronto("23:55"),
      toronto("00:05", "2026-06-17"),
      toronto("00:15", "2026-06-17"),
      600,
    );
    // Elsewhere: the vendor's other location, and another vendor.
    await addVisitor(t.db, {
      vendorId: w.vendor.id,
      locationId: w.locations[1].id,
      serviceId: w.services.accounts.id,
      queuedAt: toronto("10:00"),
      status: "completed",
      startedAt: toronto("10:01"),
      endedAt: toronto("10:02"),
      actualWaitSeconds: 60,
    });
  });
  afterAll(() => t.close());

  type LocationDay = { attributes: { location_id: string } & Record<string, unknown> };
  const figuresOf = (body: { data: LocationDay[] }, locationId: number) =>
    body.data.find((day) => day.attributes.location_id === String(locationId))?.attributes;

  it("counts a past day by the documented rules", async () => {
    const res = await manager.get("/dashboard?date=2026-06-16");
    expect(res.statusCode, res.body).toBe(200);
    expect(figuresOf(res.json(), w.locations[0].id)).toEqual({
      location_id: String(w.locations[0].id),
      location_name: "A First Branch",
      timezone: "America/Toronto",
      date: "2026-06-16",
      live: false,
      joined: 6,
      served: 4,
      no_shows: 1,
      cancelled: 1,
      waiting_now: null,
      in_progress_now: null,
      longest_waiting_now_seconds: null,
      // waits of the meetings started that day: 300, 600, 1800, 1800
      median_wait_seconds: 1200,
      longest_wait_seconds: 1800,
      // actual − quoted of those who joined that day: 300, 600, −300, 0
      quote_accuracy: {
        count: 4,
        median_absolute_error_seconds: 300,
        median_bias_seconds: 150,
        within_five_minutes_share: 0.75,
      },
    });
    expect(figuresOf(res.json(), w.locations[1].id)).toMatchObject({ served: 1, joined: 1 });
  });

  it("reports the same quote accuracy as the wait-time engine's report", async () => {
    const body = (await manager.get("/dashboard?date=2026-06-16")).json();
    const report = await reportQuoteAccuracy(t.db, {
      vendorId: w.vendor.id,
      locationId: w.locations[0].id,
      day: "2026-06-16",
    });
    expect(figuresOf(body, w.locations[0].id)!.quote_accuracy).toEqual({
      count: report.count,
      median_absolute_error_seconds: report.medianAbsoluteErrorSeconds,
      median_bias_seconds: report.medianBiasSeconds,
      within_five_minutes_share: report.withinFiveMinutesShare,
    });
  });

  it("shows today live by default: who waits now, who is being served, the longest wait so far", async () => {
    const world = await createLobbyWorld(t.db);
    const here = {
      vendorId: world.vendor.id,
      locationId: world.locations[0].id,
      serviceId: world.services.accounts.id,
    };
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await addVisitor(t.db, { ...here, queuedAt: ago(25) });
    await addVisitor(t.db, { ...here, queuedAt: ago(10) });
    await addVisitor(t.db, {
      ...here,
      queuedAt: ago(8),
      status: "in_progress",
      startedAt: ago(2),
      actualWaitSeconds: 360,
      userId: world.staff[ROLES.staff].id,
    });
    const api = await staffClient(t.app, world.staff[ROLES.staff], world.vendor.host);
    const body = (await api.get("/dashboard")).json();
    expect(body.data).toHaveLength(1);
    const today = body.data[0].attributes;
    expect(today).toMatchObject({
      date: localDayAt(new Date(), "America/Toronto").date,
      live: true,
      waiting_now: 2,
      in_progress_now: 1,
      median_wait_seconds: 360,
      longest_wait_seconds: 360,
    });
    expect(today.longest_waiting_now_seconds).toBeGreaterThanOrEqual(25 * 60);
    expect(today.longest_waiting_now_seconds).toBeLessThan(26 * 60);
  });

  it("shows a staff member their own locations only, and 404 for any other", async () => {
    const staff = await staffClient(t.app, w.staff[ROLES.staff], w.vendor.host);
    const mine = (await staff.get("/dashboard?date=2026-06-16")).json();
    expect(
      mine.data.map((d: { attributes: { location_id: string } }) => d.attributes.location_id),
    ).toEqual([String(w.locations[0].id)]);
    expect((await staff.get(`/dashboard?location_id=${w.locations[1].id}`)).statusCode).toBe(404);
    const other = await createLobbyWorld(t.db);
    expect((await manager.get(`/dashboard?location_id=${other.locations[0].id}`)).statusCode).toBe(
      404,
    );
    const one = (
      await manager.get(`/dashboard?date=2026-06-16&location_id=${w.locations[1].id}`)
    ).json();
    expect(one.data).toHaveLength(1);
    expect(one.data[0].id).toBe(`${w.locations[1].id}:2026-06-16`);
  });

  it("refuses a date that is not a calendar day with 422 naming the parameter", async () => {
    for (const date of ["2026-02-30", "16/06/2026", "2026-6-1", "yesterday"]) {
      const res = await manager.get(`/dashboard?date=${encodeURIComponent(date)}`);
      expect(res.statusCode, date).toBe(422);
      expect(res.json().errors[0].source).toEqual({ parameter: "date" });
    }
  });

  it("refuses a date outside 2000–2099 with 422, never a 500", async () => {
    for (const date of ["1000-01-01", "0001-01-01", "1999-12-31", "2100-01-01", "9999-12-31"]) {
      const res = await manager.get(`/dashboard?date=${date}`);
      expect(res.statusCode, date).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        status: "422",
        source: { parameter: "date" },
        detail: "Choose a date between 2000 and 2099",
      });
    }
    for (const date of ["2000-01-01", "2099-12-31"]) {
      expect((await manager.get(`/dashboard?date=${date}`)).statusCode, date).toBe(200);
    }
  });

  it("is closed to a kiosk (403) and to contact centre staff (403)", async () => {
    for (const role of [ROLES.kiosk, ROLES.contact_centre_staff] as const) {
      const api = await staffClient(t.app, w.staff[role], w.vendor.host);
      expect((await api.get("/dashboard")).statusCode).toBe(403);
    }
  });
});
