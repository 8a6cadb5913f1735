// GET /api/internal/v1/locations/{id}/queue: everyone waiting and in progress with what the lobby
// shows, the location's estimate and services, in a fixed number of queries however long the line.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closedEveryDay,
  hoursEveryDay,
  timeZoneNearNoon,
} from "../../../test/factories/locations.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import type { Db } from "../db/client.ts";
import { locations } from "../db/schema.ts";
import { recalculateWaitTimes } from "../queue/wait-time/recalculate-wait-times.ts";
import { loadLobbyQueueDocument } from "./load-lobby-queue-document.ts";
import {
  addVisitor,
  createLobbyWorld,
  createServer,
  type LobbyWorld,
  putOnShift,
  type StaffClient,
  staffClient,
} from "./lobby-test-world.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("GET /locations/{id}/queue", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let w: LobbyWorld;
  let api: StaffClient;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
    api = await staffClient(t.app, w.staff[ROLES.staff], w.vendor.host);
  });
  afterAll(() => t.close());

  it("lists the waiting in queue order, then the meetings in progress, with everything the lobby shows", async () => {
    const here = { vendorId: w.vendor.id, locationId: w.locations[0].id };
    const { reason, comment } = w.questions;
    const server = await createServer(t.db, w);
    await putOnShift(t.db, w.vendor.id, server.id, w.locations[0].id);
    const serving = await addVisitor(t.db, {
      ...here,
      serviceId: w.services.loans.id,
      status: "in_progress",
      queuedAt: minutesAgo(40),
      startedAt: minutesAgo(10),
      actualWaitSeconds: 1800,
      userId: server.id,
      meetingMethod: 3,
      firstName: "Vera",
    });
    const second = await addVisitor(t.db, {
      ...here,
      serviceId: w.services.loans.id,
      queuedAt: minutesAgo(5),
      fulfillmentMethod: 2,
      carDetails: { make: "Volvo", model: "V70", colour: "Blue", parking_space: "4" },
      cellPhone: null,
    });
    const first = await addVisitor(t.db, {
      ...here,
      serviceId: w.services.accounts.id,
      queuedAt: minutesAgo(20),
      firstName: "Ada",
      lastName: "Lovelace",
      cellPhone: "+14165550123",
      quotedWaitSeconds: 900,
      answers: [
        { questionId: reason.id, value: [reason.options[0]!.id, reason.options[1]!.id] },
        { questionId: comment.id, value: "Bring my passport" },
      ],
    });
    // Not in the lobby: a visit that has ended, and the other location's line.
    await addVisitor(t.db, { ...here, serviceId: w.services.accounts.id, status: "completed" });
    await addVisitor(t.db, {
      vendorId: w.vendor.id,
      locationId: w.locations[1].id,
      serviceId: w.services.accounts.id,
    });
    // The wait-time engine places the waiting visitors, as it does after every change. It plans
    // within the local day, so the branch keeps it where the hour now is midday.
    const timezone = timeZoneNearNoon();
    await t.db.update(locations).set({ timezone }).where(eq(locations.id, here.locationId));
    await recalculateWaitTimes({ db: t.db, events: t.app.events }, here);

    const res = await api.get(`/locations/${w.locations[0].id}/queue`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((entry: { id: string }) => entry.id)).toEqual([
      String(first.id),
      String(second.id),
      String(serving.id),
    ]);
    const [ada, car, vera] = body.data;
    expect(ada.attributes).toMatchObject({
      status: "waiting",
      position: 1,
      location_id: String(w.locations[0].id),
      service: { id: String(w.services.accounts.id), name: "Accounts" },
      meeting_method: 1,
      fulfillment_method: 1,
      car_details: null,
      booked_through: "online_queue",
      client: {
        first_name: "Ada",
        last_name: "Lovelace",
        cell_phone: "+14165550123",
        cell_phone_formatted: "(416) 555-0123",
        receive_sms: true,
      },
      answers: [
        {
          question_id: String(reason.id),
          type: "checkbox",
          label: "What brings you in?",
          value: [reason.options[0]!.id, reason.options[1]!.id],
          text: ["Savings", "Loans"],
        },
        {
          question_id: String(comment.id),
          type: "text",
          label: "Anything else?",
          value: "Bring my passport",
          text: ["Bring my passport"],
        },
      ],
      quoted_wait_seconds: 900,
      user: null,
    });
    expect(ada.attributes.waited_seconds).toBeGreaterThanOrEqual(20 * 60);
    expect(ada.attributes.waited_seconds).toBeLessThan(21 * 60);
    expect(ada.attributes.expected_start).not.toBeNull();
    expect(ada.attributes.wait_seconds).toBeGreaterThanOrEqual(0);
    expect(car.attributes).toMatchObject({
      position: 2,
      fulfillment_method: 2,
      car_details: { make: "Volvo", model: "V70", colour: "Blue", parking_space: "4" },
      client: { cell_phone: null, cell_phone_formatted: null },
      answers: [],
    });
    expect(vera.attributes).toMatchObject({
      status: "in_progress",
      position: null,
      meeting_method: 3,
      waited_seconds: 1800,
      expected_start: null,
      wait_seconds: null,
      user: { id: String(server.id), full_name: "Role 10" },
    });
    expect(body.meta).toMatchObject({
      location: {
        id: String(w.locations[0].id),
        name: "A First Branch",
        timezone,
      },
      counts: { waiting: 2, in_progress: 1 },
      services: [
        { id: String(w.services.accounts.id), name: "Accounts" },
        { id: String(w.services.loans.id), name: "Loans" },
      ],
    });
  });

  it("writes labels and option texts in the caller's language", async () => {
    const world = await createLobbyWorld(t.db);
    await addVisitor(t.db, {
      vendorId: world.vendor.id,
      locationId: world.locations[0].id,
      serviceId: world.services.accounts.id,
      answers: [
        { questionId: world.questions.reason.id, value: [world.questions.reason.options[1]!.id] },
      ],
    });
    const french = await staffClient(t.app, world.staff[ROLES.manager], world.vendor.host);
    const res = await french.get(`/locations/${world.locations[0].id}/queue?lang=fr`);
    expect(res.json().data[0].attributes.answers[0]).toMatchObject({
      label: "Qu’est-ce qui vous amène ?",
      text: ["Prêts"],
    });
  });

  it("gives the location's estimate for a visitor joining now, or null when nobody can serve", async () => {
    const world = await createLobbyWorld(t.db);
    const managerApi = await staffClient(t.app, world.staff[ROLES.manager], world.vendor.host);
    const url = `/locations/${world.locations[0].id}/queue`;
    // Closed every day and nobody on shift: nobody can serve.
    await t.db
      .update(locations)
      .set({ hours: closedEveryDay() })
      .where(eq(locations.id, world.locations[0].id));
    expect((await managerApi.get(url)).json().meta.wait_estimate).toBeNull();
    // Open all day where it is now midday, so someone on shift now can take a walk-in whatever
    // the hour of the run.
    await t.db
      .update(locations)
      .set({ timezone: timeZoneNearNoon(), hours: hoursEveryDay() })
      .where(eq(locations.id, world.locations[0].id));
    const server = await createServer(t.db, world);
    await putOnShift(t.db, world.vendor.id, server.id, world.locations[0].id);
    const estimate = (await managerApi.get(url)).json().meta.wait_estimate;
    expect(estimate).toMatchObject({
      seconds: expect.any(Number),
      expected_start: expect.any(String),
    });
  });

  it("answers 404 for a location the caller does not work at or another vendor's, 403 to a kiosk", async () => {
    const other = await createLobbyWorld(t.db);
    expect((await api.get(`/locations/${w.locations[1].id}/queue`)).statusCode).toBe(404);
    expect((await api.get(`/locations/${other.locations[0].id}/queue`)).statusCode).toBe(404);
    expect((await api.get("/locations/0/queue")).statusCode).toBe(404);
    const kiosk = await staffClient(t.app, w.staff[ROLES.kiosk], w.vendor.host);
    expect((await kiosk.get(`/locations/${w.locations[0].id}/queue`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      url: `/api/internal/v1/locations/${w.locations[0].id}/queue`,
      headers: { host: w.vendor.host },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for an archived location's line and its call next, and serves it again once restored", async () => {
    const id = w.locations[0].id;
    await t.db.update(locations).set({ archivedAt: new Date() }).where(eq(locations.id, id));
    try {
      expect((await api.get(`/locations/${id}/queue`)).statusCode).toBe(404);
      expect((await api.post(`/locations/${id}/queue/next`)).statusCode).toBe(404);
    } finally {
      await t.db.update(locations).set({ archivedAt: null }).where(eq(locations.id, id));
    }
    expect((await api.get(`/locations/${id}/queue`)).statusCode).toBe(200);
  });

  it("reads the line in the same number of queries for 2 visitors as for 40", async () => {
    const world = await createLobbyWorld(t.db);
    const location = (
      await t.db.select().from(locations).where(eq(locations.id, world.locations[0].id))
    )[0]!;
    const countQueries = async () => {
      let queries = 0;
      const counting = new Proxy(t.db, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (typeof value !== "function") return value;
          if (property === "select" || property === "execute") queries += 1;
          return value.bind(target);
        },
      }) as Db;
      // Without the app's kept samples, the whole read is counted each time, learned durations included.
      const document = await loadLobbyQueueDocument(counting, { location, locale: "en" });
      return { queries, length: document.data.length };
    };
    const add = (count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          addVisitor(t.db, {
            vendorId: world.vendor.id,
            locationId: world.locations[0].id,
            serviceId: world.services.accounts.id,
            queuedAt: minutesAgo(60 - i),
            answers: [{ questionId: world.questions.comment.id, value: `note ${i}` }],
          }),
        ),
      );
    await add(2);
    const short = await countQueries();
    await add(38);
    const long = await countQueries();
    expect(short.length).toBe(2);
    expect(long.length).toBe(40);
    expect(long.queries).toBe(short.queries);
  });
});
