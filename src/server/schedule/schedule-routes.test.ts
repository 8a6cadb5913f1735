// The staff's schedule endpoints through the real app on a real database, on a clock that stands
// still (Monday 30 November 2026, 07:00 in Toronto): a location's day and week, free times as staff
// may book them, booking for a client, reading and changing one appointment with its events and
// audit rows, a client's own changes in the history, and the refusals (4xx, never 500).
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AVAILABILITY_NOW,
  type AvailabilityWorld,
  createAvailabilityWorld,
  toronto,
} from "../../../test/factories/availability-world.ts";
import { recordDeliveredEvents } from "../../../test/factories/delivered-events.ts";
import { openApiClient } from "../../../test/factories/open-api-client.ts";
import { createQuestion } from "../../../test/factories/questions.ts";
import {
  createStaffUser,
  type SignedIn,
  signInAs,
  uniqueRemoteAddress,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import type {
  ScheduleDocument,
  StaffAppointmentResource,
} from "../../shared/contracts/schedule.ts";
import { ROLES } from "../../shared/domain.ts";
import { vendorSettingsSchema } from "../../shared/vendor-settings.ts";
import type { Db } from "../db/client.ts";
import {
  appointments,
  auditLog,
  clients,
  locations,
  questionServices,
  questions,
  queueAppointments,
} from "../db/schema.ts";
import { addVisitor } from "../lobby/lobby-test-world.ts";
import { loadSchedule } from "./load-schedule.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: AvailabilityWorld;
let ada: number;
let manager: SignedIn;
let agent: SignedIn;
let managerId: number;
const changed: { locationId: number; appointmentId: number; startsAt: string }[] = [];
const delivered = recordDeliveredEvents("schedule-routes-test", [
  "appointment.booked",
  "appointment.rescheduled",
  "appointment.cancelled",
  "appointment.arrived",
  "appointment.started",
  "appointment.completed",
  "appointment.no_show",
]);

const api = "/api/internal/v1";
const TUESDAY = "2026-12-01";

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(AVAILABILITY_NOW);
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [delivered.handler] } });
  world = await createAvailabilityWorld(t.db, {
    // the client view's rules staff are not bound by
    settings: { client_view: { time_in_advance_minutes: 48 * 60 }, booking: { window_days: 3 } },
  });
  ada = await world.addStaff({ firstName: "Ada", lastName: "Lovelace" });
  await world.addStaff({ firstName: "Grace", lastName: "Hopper" });
  const managerAccount = await createStaffUser(t.db, {
    vendorId: world.vendorId,
    roleLevel: ROLES.manager,
  });
  const agentAccount = await createStaffUser(t.db, {
    vendorId: world.vendorId,
    roleLevel: ROLES.contact_centre_staff,
    locationIds: [world.locationId],
  });
  managerId = managerAccount.id;
  manager = await signInAs(t.app, managerAccount, world.host);
  agent = await signInAs(t.app, agentAccount, world.host);
  t.app.events.on("appointmentChanged", (change) => changed.push(change));
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});
beforeEach(() => vi.setSystemTime(AVAILABILITY_NOW));

function call(
  session: SignedIn,
  method: "GET" | "POST" | "PATCH",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `${api}${url}`,
    headers: {
      host: world.host,
      cookie: session.cookie,
      "x-csrf-token": session.csrfToken,
      ...headers,
    },
    remoteAddress: uniqueRemoteAddress(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function booking(start: string, attributes: Record<string, unknown> = {}, client?: unknown) {
  return {
    data: {
      type: "appointments",
      attributes: {
        location_id: String(world.locationId),
        service_id: String(world.serviceId),
        start,
        ...attributes,
      },
      relationships: {
        client: {
          data: client ?? {
            type: "clients",
            attributes: { first_name: "Mina", last_name: "Park", email: "mina@example.com" },
          },
        },
      },
    },
  };
}

async function book(start: string, session = manager, attributes = {}) {
  const res = await call(session, "POST", "/appointments", booking(start, attributes));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as StaffAppointmentResource;
}

const patch = (id: string, attributes: unknown, version?: number, session = manager) =>
  call(
    session,
    "PATCH",
    `/appointments/${id}`,
    { data: { type: "appointments", id, attributes } },
    version === undefined ? {} : { "if-match": `"${version}"` },
  );

const auditOf = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "appointment"), eq(auditLog.subjectId, Number(id))))
    .orderBy(asc(auditLog.id));

describe("GET /schedule", () => {
  it("answers the day: opening, staff working it, services, rooms and every appointment", async () => {
    const room = await world.addRoom({ capacity: 3 });
    await world.addAppointment({
      startsAt: toronto("2026-12-02", "10:00"),
      endsAt: toronto("2026-12-02", "11:00"),
      userId: ada,
      status: 4,
    });
    const res = await call(
      manager,
      "GET",
      `/schedule?location_id=${world.locationId}&date=2026-12-02`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as ScheduleDocument;
    expect(doc.data.id).toBe(`${world.locationId}:2026-12-02:1`);
    expect(doc.data.attributes.days).toEqual([
      {
        date: "2026-12-02",
        start: "2026-12-02T00:00:00-05:00",
        end: "2026-12-03T00:00:00-05:00",
        opening: [{ start: "2026-12-02T09:00:00-05:00", end: "2026-12-02T17:00:00-05:00" }],
      },
    ]);
    const names = doc.data.attributes.staff.map((s) => s.display_name);
    expect(names).toEqual(expect.arrayContaining(["Ada Lovelace", "Grace Hopper"]));
    // No roster kept: everyone assigned works the opening hours, as the engine reads it.
    expect(doc.data.attributes.staff.find((s) => s.id === String(ada))?.shifts).toEqual([
      { start: "2026-12-02T09:00:00-05:00", end: "2026-12-02T17:00:00-05:00" },
    ]);
    expect(doc.data.attributes.services).toEqual([
      {
        id: String(world.serviceId),
        name: "Consultation",
        duration_minutes: 60,
        meeting_methods: [1, 2, 4],
      },
    ]);
    expect(doc.data.attributes.rooms).toEqual([
      expect.objectContaining({ id: String(room), capacity: 3 }),
    ]);
    expect(doc.included.map((a) => a.attributes.status_name)).toEqual(["cancelled"]);
  });

  it("answers a week with holidays closed, shifts and breaks", async () => {
    // A world of its own: a shift makes its location keep a roster, which the other tests' does not.
    const rostered = await createAvailabilityWorld(t.db);
    const lin = await rostered.addStaff({ firstName: "Lin", lastName: "Wu" });
    const account = await createStaffUser(t.db, {
      vendorId: rostered.vendorId,
      roleLevel: ROLES.staff,
      locationIds: [rostered.locationId],
    });
    const session = await signInAs(t.app, account, rostered.host);
    await rostered.addHoliday("2026-12-08");
    await rostered.addShift(lin, toronto("2026-12-09", "09:00"), toronto("2026-12-09", "13:00"));
    await rostered.addShift(
      lin,
      toronto("2026-12-09", "11:00"),
      toronto("2026-12-09", "11:15"),
      "break",
    );
    const res = await t.app.inject({
      url: `${api}/schedule?location_id=${rostered.locationId}&date=2026-12-07&days=7`,
      headers: { host: rostered.host, cookie: session.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { days, staff } = (res.json() as ScheduleDocument).data.attributes;
    expect(days.map((d) => [d.date, d.opening.length])).toEqual([
      ["2026-12-07", 1],
      ["2026-12-08", 0],
      ["2026-12-09", 1],
      ["2026-12-10", 1],
      ["2026-12-11", 1],
      ["2026-12-12", 0],
      ["2026-12-13", 0],
    ]);
    // Staff below Staff (the signed-in account is Staff) and kiosks are no column of the schedule.
    const linRow = staff.find((s) => s.id === String(lin))!;
    expect(linRow.shifts).toEqual([
      { start: "2026-12-09T09:00:00-05:00", end: "2026-12-09T13:00:00-05:00" },
    ]);
    expect(linRow.breaks).toEqual([
      { start: "2026-12-09T11:00:00-05:00", end: "2026-12-09T11:15:00-05:00", kind: "break" },
    ]);
  });

  it("reads a week in as many statements as a day, however many appointments", async () => {
    const [location] = await t.db
      .select()
      .from(locations)
      .where(eq(locations.id, world.locationId));
    const count = async (days: number) => {
      let statements = 0;
      const counting = new Proxy(t.db, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (typeof value !== "function") return value;
          if (property === "select" || property === "execute") statements += 1;
          return value.bind(target);
        },
      }) as Db;
      const document = await loadSchedule(counting, {
        vendorId: world.vendorId,
        location: location!,
        date: "2026-12-14",
        days,
        locale: "en",
        features: vendorSettingsSchema.parse({}).features,
        now: AVAILABILITY_NOW,
      });
      return { statements, appointments: document.included.length };
    };
    const day = await count(1);
    for (const date of ["2026-12-15", "2026-12-16", "2026-12-17"])
      await world.addAppointment({
        startsAt: toronto(date, "10:00"),
        endsAt: toronto(date, "11:00"),
        userId: ada,
      });
    const week = await count(7);
    expect(week.appointments).toBe(day.appointments + 3);
    expect(week.statements).toBe(day.statements);
    expect(day.statements).toBe(6);
  });

  it.each([
    ["date=2026-13-01", 422],
    ["date=2026-12-01&days=3", 422],
    ["date=2026-12-01&extra=1", 422],
    ["", 422],
  ])("refuses %s with %i", async (query, status) => {
    const res = await call(manager, "GET", `/schedule?location_id=${world.locationId}&${query}`);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors[0].detail).toBeTruthy();
  });

  it("answers another vendor's location as not found", async () => {
    const other = await createAvailabilityWorld(t.db);
    const res = await call(
      manager,
      "GET",
      `/schedule?location_id=${other.locationId}&date=2026-12-01`,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /availability (staff)", () => {
  const slots = async (query: Record<string, string>) => {
    const params = new URLSearchParams({
      location_id: String(world.locationId),
      service_id: String(world.serviceId),
      ...query,
    });
    const res = await call(agent, "GET", `/availability?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; attributes: { slots: { start: string }[] } }[];
  };

  it("offers today and beyond the client view's window, never the past", async () => {
    vi.setSystemTime(toronto("2026-11-30", "10:10"));
    const days = await slots({ from: "2026-11-30", to: "2026-12-09" });
    expect(days[0]!.attributes.slots[0]!.start).toBe("2026-11-30T10:30:00-05:00");
    expect(days.find((d) => d.id === "2026-12-09")?.attributes.slots.length).toBeGreaterThan(0);
  });

  it("offers a private location's times", async () => {
    await t.db
      .update(locations)
      .set({ visibility: "private" })
      .where(eq(locations.id, world.locationId));
    try {
      const days = await slots({ from: TUESDAY, to: TUESDAY });
      expect(days[0]!.attributes.slots.length).toBeGreaterThan(0);
    } finally {
      await t.db
        .update(locations)
        .set({ visibility: "public" })
        .where(eq(locations.id, world.locationId));
    }
  });

  it("lets an appointment being moved not hold its own time", async () => {
    const held = await book("2026-12-03T09:00:00-05:00", manager, { staff_id: String(ada) });
    const at = (days: Awaited<ReturnType<typeof slots>>) =>
      days[0]!.attributes.slots.some((s) => s.start === "2026-12-03T09:00:00-05:00");
    expect(at(await slots({ from: "2026-12-03", to: "2026-12-03", staff_id: String(ada) }))).toBe(
      false,
    );
    expect(
      at(
        await slots({
          from: "2026-12-03",
          to: "2026-12-03",
          staff_id: String(ada),
          ignore_appointment_id: held.id,
        }),
      ),
    ).toBe(true);
  });

  it.each([
    [{ from: "2026-12-05", to: "2026-12-01" }, 422],
    [{ from: "2026-12-01", to: "2027-06-01" }, 422],
    [{ from: "x", to: "2026-12-01" }, 422],
    [{ from: TUESDAY, to: TUESDAY, meeting_method: "3" }, 422],
  ])("refuses %o with %i", async (query, status) => {
    const params = new URLSearchParams({
      location_id: String(world.locationId),
      service_id: String(world.serviceId),
      ...query,
    });
    const res = await call(agent, "GET", `/availability?${params}`);
    expect(res.statusCode, res.body).toBe(status);
  });
});

describe("POST /appointments (staff)", () => {
  it("books for a new client: the booker, the channel, the event and the audit row", async () => {
    const appointment = await book("2026-11-30T09:00:00-05:00");
    expect(appointment.attributes).toMatchObject({
      status_name: "confirmed",
      start: "2026-11-30T09:00:00-05:00",
      booked_through: "schedule",
      booked_by_name: "Role 20",
      client: { first_name: "Mina", last_name: "Park", email: "mina@example.com" },
    });
    expect(await delivered.of("appointment.booked", Number(appointment.id))).toHaveLength(1);
    const [row] = await auditOf(appointment.id);
    expect(row).toMatchObject({ action: "booked", actorUserId: managerId, before: null });
    expect(row!.after).toMatchObject({ start: "2026-11-30T09:00:00-05:00" });
    await vi.waitFor(() =>
      expect(changed).toContainEqual({
        vendorId: world.vendorId,
        locationId: world.locationId,
        appointmentId: Number(appointment.id),
        startsAt: "2026-11-30T14:00:00.000Z",
      }),
    );
  });

  it("books through the contact centre for an existing client, never a merged one", async () => {
    const [kept] = await t.db
      .insert(clients)
      .values({ vendorId: world.vendorId, firstName: "Leo", lastName: "Ng", email: "leo@x.test" })
      .returning();
    const res = await call(
      agent,
      "POST",
      "/appointments",
      booking("2026-11-30T11:00:00-05:00", {}, { type: "clients", id: String(kept!.id) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      booked_through: "call_centre",
      client: { id: String(kept!.id), first_name: "Leo" },
    });
    const [merged] = await t.db
      .insert(clients)
      .values({
        vendorId: world.vendorId,
        firstName: "Old",
        lastName: "Leo",
        mergedIntoId: kept!.id,
      })
      .returning();
    const refused = await call(
      agent,
      "POST",
      "/appointments",
      booking("2026-11-30T12:00:00-05:00", {}, { type: "clients", id: String(merged!.id) }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      code: "client_unknown",
      source: { pointer: "/data/relationships/client/data/id" },
    });
  });

  it("converts a waiting place by its id, cancelling it with the booking", async () => {
    const place = await addVisitor(t.db, {
      vendorId: world.vendorId,
      locationId: world.locationId,
      serviceId: world.serviceId,
    });
    const appointment = await book("2026-12-01T15:00:00-05:00", agent, {
      converted_from_queue_appointment_id: String(place.id),
    });
    expect(appointment.attributes.converted_from_queue_appointment_id).toBe(String(place.id));
    const [row] = await t.db
      .select({ status: queueAppointments.status })
      .from(queueAppointments)
      .where(eq(queueAppointments.id, place.id));
    expect(row?.status).toBe("cancelled");
    const again = await call(
      agent,
      "POST",
      "/appointments",
      booking("2026-12-01T16:00:00-05:00", {
        converted_from_queue_appointment_id: String(place.id),
      }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe("conversion_not_waiting");
    const unknown = await call(
      agent,
      "POST",
      "/appointments",
      booking("2026-12-01T16:00:00-05:00", { converted_from_queue_appointment_id: "999999" }),
    );
    expect(unknown.statusCode).toBe(422);
  });

  it("answers a taken time 409 with the nearest free slots", async () => {
    // the location's one room holds one appointment at a time
    await book("2026-12-04T09:00:00-05:00");
    const res = await call(manager, "POST", "/appointments", booking("2026-12-04T09:00:00-05:00"));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().meta.nearest.length).toBeGreaterThan(0);
  });

  it("replays an Idempotency-Key", async () => {
    const body = booking("2026-12-04T13:00:00-05:00");
    const headers = { "idempotency-key": "staff-key-1" };
    const first = await call(manager, "POST", "/appointments", body, headers);
    const second = await call(manager, "POST", "/appointments", body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json().data.id).toBe(first.json().data.id);
  });

  it.each([
    [{ start: "tomorrow" }],
    [{ start: "2026-11-30T08:00:00-05:00" }],
    [{ location_id: "0" }],
    [{ staff_id: "999999" }],
    [{ attendees: 0 }],
  ])("refuses %o with a 4xx", async (attributes) => {
    const res = await call(
      manager,
      "POST",
      "/appointments",
      booking("2026-11-30T15:00:00-05:00", attributes),
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe("PATCH /appointments/{id}", () => {
  it("moves an appointment: new time, version bumped, event, audit, broadcast", async () => {
    const appointment = await book("2026-12-07T09:00:00-05:00", manager, {
      staff_id: String(ada),
    });
    const res = await patch(
      appointment.id,
      { start: "2026-12-07T10:00:00-05:00" },
      appointment.attributes.version,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(`"${appointment.attributes.version + 1}"`);
    expect(res.json().data.attributes).toMatchObject({
      start: "2026-12-07T10:00:00-05:00",
      staff_id: String(ada),
    });
    expect(await delivered.of("appointment.rescheduled", Number(appointment.id))).toHaveLength(1);
    const rows = await auditOf(appointment.id);
    expect(rows.map((r) => r.action)).toEqual(["booked", "rescheduled"]);
    expect(rows[1]!.before).toMatchObject({ start: "2026-12-07T09:00:00-05:00" });
    expect(rows[1]!.after).toMatchObject({ start: "2026-12-07T10:00:00-05:00" });
  });

  it("refuses a stale If-Match with 409 and the appointment as it is", async () => {
    const appointment = await book("2026-12-07T13:00:00-05:00");
    const res = await patch(appointment.id, { arrived: true }, appointment.attributes.version + 5);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("version_conflict");
    expect(res.json().meta.current.id).toBe(appointment.id);
  });

  it("walks confirmed → arrived → in progress → completed, and refuses what does not follow", async () => {
    const appointment = await book("2026-11-30T13:00:00-05:00");
    const id = appointment.id;
    const arrived = await patch(id, { arrived: true });
    expect(arrived.json().data.attributes.arrived_at).toBe(AVAILABILITY_NOW.toISOString());
    expect((await patch(id, { arrived: true })).statusCode).toBe(409);
    const started = await patch(id, { status: 5 });
    expect(started.json().data.attributes).toMatchObject({
      status: 5,
      started_at: AVAILABILITY_NOW.toISOString(),
    });
    const noShow = await patch(id, { status: 3 });
    expect(noShow.statusCode).toBe(409);
    expect(noShow.json().errors[0]).toMatchObject({ code: "transition_not_allowed" });
    expect(noShow.json().errors[0].detail).toContain("in progress");
    const completed = await patch(id, { status: 2 });
    expect(completed.json().data.attributes).toMatchObject({
      status: 2,
      finished_at: AVAILABILITY_NOW.toISOString(),
    });
    expect((await patch(id, { status: 4 })).statusCode).toBe(409);
    expect((await auditOf(id)).map((r) => [r.action, r.actorUserId])).toEqual([
      ["booked", managerId],
      ["arrived", managerId],
      ["started", managerId],
      ["completed", managerId],
    ]);
    for (const type of [
      "appointment.arrived",
      "appointment.started",
      "appointment.completed",
    ] as const)
      expect(await delivered.of(type, Number(id))).toHaveLength(1);
  });

  it("cancels and no-shows from confirmed; the contact centre may cancel but not serve", async () => {
    const first = await book("2026-12-08T09:00:00-05:00".replace("12-08", "12-09"));
    const second = await book("2026-12-09T11:00:00-05:00");
    expect((await patch(first.id, { status: 3 }, undefined, agent)).statusCode).toBe(403);
    const cancelled = await patch(first.id, { status: 4 }, undefined, agent);
    expect(cancelled.json().data.attributes).toMatchObject({
      status: 4,
      cancelled_at: AVAILABILITY_NOW.toISOString(),
    });
    expect(await delivered.of("appointment.cancelled", Number(first.id))).toHaveLength(1);
    expect((await patch(second.id, { status: 3 })).json().data.attributes.status).toBe(3);
    expect(await delivered.of("appointment.no_show", Number(second.id))).toHaveLength(1);
  });

  it("moves two appointments into one free time at once: one wins, the other gets 409", async () => {
    const a = await book("2026-12-10T09:00:00-05:00", manager, { staff_id: String(ada) });
    const b = await book("2026-12-10T10:00:00-05:00", manager, { staff_id: String(ada) });
    const to = { start: "2026-12-10T14:00:00-05:00", staff_id: String(ada) };
    const answers = await Promise.all([patch(a.id, to), patch(b.id, to)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json().errors[0].code).toBe("slot_taken");
  });

  it.each([
    [{ status: 6 }],
    [{ status: 2, arrived: true }],
    [{ start: "2026-12-10T14:00:00-05:00", extra: 1 }],
    [{ start: "2026-12-11T07:00:00-05:00" }],
    [{ arrived: false }],
  ])("refuses %o with a 4xx", async (attributes) => {
    const appointment = await book("2026-12-11T09:00:00-05:00".replace("09:00", "15:00"));
    const res = await patch(appointment.id, attributes);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    // leave the time free for the next case
    await t.db.delete(auditLog).where(eq(auditLog.subjectId, Number(appointment.id)));
    await t.db
      .update(appointments)
      .set({ status: 4 })
      .where(eq(appointments.id, Number(appointment.id)));
  });

  it("answers an unknown or malformed id 404", async () => {
    expect((await call(manager, "GET", "/appointments/abc")).statusCode).toBe(404);
    expect((await call(manager, "GET", "/appointments/999999")).statusCode).toBe(404);
  });
});

describe("a client's own changes", () => {
  it("are in the appointment's history with no actor", async () => {
    const client = await openApiClient(t.app, world.host);
    const res = await client.request({
      method: "POST",
      url: "/api/v2/open/appointments",
      payload: booking("2026-12-02T14:00:00-05:00"),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, attributes } = res.json().data;
    const cancel = await client.request({
      method: "PATCH",
      url: `/api/v2/open/appointments/${id}?code=${attributes.confirm_code}`,
      payload: { data: { type: "appointments", id, attributes: { status: 4 } } },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await auditOf(id)).map((r) => [r.action, r.actorUserId])).toEqual([
      ["booked", null],
      ["cancelled", null],
    ]);
  });
});

describe("the service's questions", () => {
  it("are not required of a staff booking, as they are of a visitor's", async () => {
    const question = await createQuestion(t.db, world.vendorId, {
      type: "text",
      required: true,
      serviceIds: [world.serviceId],
    });
    try {
      const visitor = await openApiClient(t.app, world.host);
      const refused = await visitor.request({
        method: "POST",
        url: "/api/v2/open/appointments",
        payload: booking("2026-12-02T15:00:00-05:00"),
      });
      expect(refused.statusCode, refused.body).toBe(422);
      // The staff member books on the client's word; an answer given is still checked.
      const booked = await call(
        manager,
        "POST",
        "/appointments",
        booking("2026-12-02T15:00:00-05:00"),
      );
      expect(booked.statusCode, booked.body).toBe(201);
      const badAnswer = booking("2026-12-02T15:30:00-05:00");
      (badAnswer.data.relationships as Record<string, unknown>).answers = {
        data: [{ type: "answers", attributes: { question_id: question.id, value: [1, 2] } }],
      };
      expect((await call(manager, "POST", "/appointments", badAnswer)).statusCode).toBe(422);
    } finally {
      await t.db.delete(questionServices).where(eq(questionServices.questionId, question.id));
      await t.db.delete(questions).where(eq(questions.id, question.id));
    }
  });
});
