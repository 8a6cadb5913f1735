// The open appointment endpoints through the real app on a real database, on a clock that stands
// still (Monday 30 November 2026, 07:00 in Toronto): book a free slot, read it back with its code,
// take it as a calendar file, move it, cancel it; 50 bookings of one slot at once give one 201;
// a queue place converted into an appointment; the staff step's list; and the refusals.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AVAILABILITY_NOW,
  type AvailabilityWorld,
  createAvailabilityWorld,
} from "../../../test/factories/availability-world.ts";
import { recordDeliveredEvents } from "../../../test/factories/delivered-events.ts";
import {
  errorsOf,
  type OpenApiClient,
  openApiClient,
} from "../../../test/factories/open-api-client.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import type { AppointmentDocument } from "../../shared/contracts/appointment.ts";
import { appointments, queueAppointments } from "../db/schema.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: AvailabilityWorld;
let stranger: AvailabilityWorld;
let client: OpenApiClient;
let ada: number;
let grace: number;
const delivered = recordDeliveredEvents("appointment-routes-test", [
  "appointment.booked",
  "appointment.rescheduled",
  "appointment.cancelled",
]);

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [delivered.handler] } });
  world = await createAvailabilityWorld(t.db);
  stranger = await createAvailabilityWorld(t.db);
  ada = await world.addStaff({ firstName: "Ada", lastName: "Lovelace" });
  grace = await world.addStaff({ firstName: "Grace", lastName: "Hopper" });
  client = await openApiClient(t.app, world.host);
});
afterAll(() => t.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(AVAILABILITY_NOW);
});
afterEach(() => vi.useRealTimers());

const TUESDAY = "2026-12-01";

function booking(
  start: string,
  attributes: Record<string, unknown> = {},
  clientAttributes: Record<string, unknown> = {},
) {
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
          data: {
            type: "clients",
            attributes: {
              first_name: "Mina",
              last_name: "Park",
              email: "mina@example.com",
              ...clientAttributes,
            },
          },
        },
      },
    },
  };
}

const book = (payload: unknown, options: { on?: OpenApiClient; key?: string } = {}) =>
  (options.on ?? client).request({
    method: "POST",
    url: "/api/v2/open/appointments",
    payload: payload as Record<string, unknown>,
    ...(options.key ? { headers: { "idempotency-key": options.key } } : {}),
  });

async function booked(start: string, attributes: Record<string, unknown> = {}) {
  const res = await book(booking(start, attributes));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as AppointmentDocument).data;
}

const slotsOn = async (date: string, staffId?: number) => {
  const params = new URLSearchParams({
    service_id: String(world.serviceId),
    location_id: String(world.locationId),
    from: date,
    to: date,
    ...(staffId ? { staff_id: String(staffId) } : {}),
  });
  const res = await client.request({ url: `/api/v2/open/availability?${params}` });
  expect(res.statusCode, res.body).toBe(200);
  const day = res.json().data[0];
  return (day?.attributes.slots ?? []) as { start: string; staff_ids: string[] }[];
};

describe("POST /api/v2/open/appointments", () => {
  it("books a free slot: 201 with the appointment on the location's clock and its code", async () => {
    const appointment = await booked("2026-12-01T09:00:00-05:00");
    expect(appointment.attributes).toMatchObject({
      status: 1,
      status_name: "confirmed",
      start: "2026-12-01T09:00:00-05:00",
      end: "2026-12-01T10:00:00-05:00",
      time_zone: "America/Toronto",
      meeting_method: 1,
      location_id: String(world.locationId),
      service_id: String(world.serviceId),
      reschedulable: true,
      cancellable: true,
      client: { first_name: "Mina", last_name: "Park", email: "mina@example.com" },
      location: { name: "Queen Street" },
      service: { name: "Consultation", duration_minutes: 60 },
    });
    expect(appointment.attributes.confirm_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    // "Any" spreads the day: the first booking goes to the first of two equally free staff.
    expect(appointment.attributes.staff_id).toBe(String(ada));
    expect(appointment.attributes.staff).toEqual({ display_name: "Ada L." });
    expect(await delivered.of("appointment.booked", Number(appointment.id))).toHaveLength(1);
  });

  it("takes the slot from that staff member only, and the next booking of it goes to the other", async () => {
    const before = (await slotsOn(TUESDAY)).find((s) => s.start.includes("T10:00"));
    expect(before?.staff_ids.map(Number).sort()).toEqual([ada, grace].sort());
    const first = await booked("2026-12-01T10:00:00-05:00");
    const after = (await slotsOn(TUESDAY)).find((s) => s.start.includes("T10:00"));
    expect(after?.staff_ids).toEqual([
      String(first.attributes.staff_id === String(ada) ? grace : ada),
    ]);
    const second = await booked("2026-12-01T10:00:00-05:00");
    expect(second.attributes.staff_id).not.toBe(first.attributes.staff_id);
    expect((await slotsOn(TUESDAY)).some((s) => s.start.includes("T10:00"))).toBe(false);
  });

  it("gives 50 simultaneous bookings of one staff member's slot exactly one 201; the rest 409 with the nearest free slots", async () => {
    const start = "2026-12-02T14:00:00-05:00";
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(booking(start, { staff_id: String(grace) }, { email: `racer${i}@example.com` })),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect(errorsOf(refused)[0]).toMatchObject({
      code: "slot_taken",
      source: { pointer: "/data/attributes/start" },
    });
    const nearest = refused.json().meta.nearest as { start: string; staff_ids: string[] }[];
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest.map((slot) => slot.start)).not.toContain(start);
    for (const slot of nearest) expect(slot.staff_ids).toEqual([String(grace)]);
    const rows = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, grace), eq(appointments.startsAt, new Date(start))));
    expect(rows).toHaveLength(1);
  });

  it("refuses a time that is not a free slot: off the grid, outside hours, in the past", async () => {
    for (const start of [
      "2026-12-01T09:10:00-05:00",
      "2026-12-01T18:00:00-05:00",
      "2026-11-30T07:30:00-05:00",
      "2026-12-05T10:00:00-05:00",
    ]) {
      const res = await book(booking(start));
      expect(res.statusCode, start).toBe(409);
      expect(errorsOf(res)[0]!.code).toBe("slot_taken");
    }
  });

  it("checks the client as a join's form does, and changes nothing when it refuses", async () => {
    const count = async () => (await t.db.select().from(appointments)).length;
    const before = await count();
    const res = await book(
      booking("2026-12-03T11:00:00-05:00", {}, { email: null, cell_phone: null, first_name: "" }),
    );
    expect(res.statusCode).toBe(422);
    const pointers = errorsOf(res).map((error) => error.source?.pointer);
    expect(pointers).toContain("/data/relationships/client/data/attributes/first_name");
    expect(await count()).toBe(before);
  });

  it("answers the same appointment to a retry with the same Idempotency-Key, and books once", async () => {
    const payload = booking("2026-12-03T13:00:00-05:00");
    const first = await book(payload, { key: "retry-1" });
    const again = await book(payload, { key: "retry-1" });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await book(booking("2026-12-03T15:00:00-05:00"), { key: "retry-1" });
    expect(other.statusCode).toBe(422);
    expect(errorsOf(other)[0]!.code).toBe("idempotency_key_reused");
  });

  it("names what is not bookable: another vendor's location, a staff member not here, too many people", async () => {
    const foreign = await book(
      booking("2026-12-01T11:00:00-05:00", { location_id: String(stranger.locationId) }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign)[0]!.source?.pointer).toBe("/data/attributes/location_id");
    const elsewhere = await stranger.addStaff({ firstName: "Other", lastName: "Vendor" });
    const notHere = await book(
      booking("2026-12-01T11:00:00-05:00", { staff_id: String(elsewhere) }),
    );
    expect(notHere.statusCode).toBe(422);
    expect(errorsOf(notHere)[0]!.source?.pointer).toBe("/data/attributes/staff_id");
    const crowd = await book(booking("2026-12-01T11:00:00-05:00", { attendees: 4 }));
    expect(crowd.statusCode).toBe(422);
    expect(errorsOf(crowd)[0]!.code).toBe("attendees_limit");
  });

  it("converts a waiting queue place: booked and the place cancelled together", async () => {
    const joined = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: {
        data: {
          type: "queue-appointments",
          attributes: {
            location_id: String(world.locationId),
            service_id: String(world.serviceId),
          },
          relationships: {
            client: {
              data: {
                type: "clients",
                attributes: { first_name: "Lee", last_name: "Queue", email: "lee@example.com" },
              },
            },
          },
        },
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const place = joined.json().data;
    const converted = await booked("2026-12-04T09:00:00-05:00", {
      converted_from: {
        queue_appointment_id: String(place.id),
        confirm_code: place.attributes.confirm_code,
      },
    });
    expect(converted.attributes.converted_from_queue_appointment_id).toBe(String(place.id));
    const [row] = await t.db
      .select({ status: queueAppointments.status })
      .from(queueAppointments)
      .where(eq(queueAppointments.id, Number(place.id)));
    expect(row?.status).toBe("cancelled");
  });
});

describe("GET, PATCH and the calendar file of /api/v2/open/appointments/{id}", () => {
  let appointment: AppointmentDocument["data"];
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(AVAILABILITY_NOW);
    appointment = await booked("2026-12-07T11:00:00-05:00", { staff_id: String(ada) });
    vi.useRealTimers();
  });
  const code = () => appointment.attributes.confirm_code;
  const url = (suffix = "", c = code()) =>
    `/api/v2/open/appointments/${appointment.id}${suffix}?code=${c}`;

  it("reads the appointment with its code, and the same 404 for a wrong code or id", async () => {
    const res = await client.request({ url: url() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.start).toBe("2026-12-07T11:00:00-05:00");
    expect((await client.request({ url: url("", "WRONGCODE0000000") })).statusCode).toBe(404);
    const wrongId = await client.request({
      url: `/api/v2/open/appointments/999999?code=${code()}`,
    });
    expect(wrongId.statusCode).toBe(404);
    const otherHost = await (await openApiClient(t.app, stranger.host)).request({ url: url() });
    expect(otherHost.statusCode).toBe(404);
  });

  it("gives the appointment as an iCalendar file", async () => {
    const res = await client.request({ url: url(".ics") });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    const text = res.body.replace(/\r\n[ \t]/g, "");
    expect(text).toContain("BEGIN:VEVENT");
    expect(text).toContain("DTSTART:20261207T160000Z");
    expect(text).toContain(`UID:appointment-${appointment.id}@${world.host}`);
    expect(text).toContain("SUMMARY:Consultation at Queen Street");
    expect((await client.request({ url: url(".ics", "WRONGCODE0000000") })).statusCode).toBe(404);
  });

  const patch = (attributes: Record<string, unknown>, c = code()) =>
    client.request({
      method: "PATCH",
      url: url("", c),
      payload: { data: { type: "appointments", id: appointment.id, attributes } },
    });

  it("moves the appointment to a free slot, keeping its staff member, and frees the old time", async () => {
    const res = await patch({ start: "2026-12-07T14:00:00-05:00" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      start: "2026-12-07T14:00:00-05:00",
      staff_id: String(ada),
    });
    const mondaySlots = await slotsOn("2026-12-07", ada);
    expect(mondaySlots.some((slot) => slot.start === "2026-12-07T11:00:00-05:00")).toBe(true);
    expect(mondaySlots.some((slot) => slot.start === "2026-12-07T14:00:00-05:00")).toBe(false);
    // Moving by half an hour overlaps its own old time: the appointment does not block itself.
    const nudged = await patch({ start: "2026-12-07T14:30:00-05:00" });
    expect(nudged.statusCode, nudged.body).toBe(200);
    const ics = await client.request({ url: url(".ics") });
    expect(ics.body).toContain("SEQUENCE:2");
    await vi.waitFor(() =>
      expect(
        delivered.events.filter(
          (e) => e.type === "appointment.rescheduled" && e.id === Number(appointment.id),
        ),
      ).toHaveLength(2),
    );
  });

  it("refuses a move to a taken time with the nearest free slots, and changes nothing", async () => {
    await booked("2026-12-08T10:00:00-05:00", { staff_id: String(ada) });
    const res = await patch({ start: "2026-12-08T10:00:00-05:00", staff_id: String(ada) });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]!.code).toBe("slot_taken");
    const still = await client.request({ url: url() });
    expect(still.json().data.attributes.start).toBe("2026-12-07T14:30:00-05:00");
  });

  it("cancels it: the time is free again, a second cancel changes nothing, a move is refused", async () => {
    const res = await patch({ status: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      status: 4,
      status_name: "cancelled",
      cancellable: false,
      reschedulable: false,
    });
    expect((await patch({ status: 4 })).statusCode).toBe(200);
    expect(await delivered.of("appointment.cancelled", Number(appointment.id))).toHaveLength(1);
    const moved = await patch({ start: "2026-12-07T15:00:00-05:00" });
    expect(moved.statusCode).toBe(409);
    const ics = (await client.request({ url: url(".ics") })).body;
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("METHOD:CANCEL");
    expect((await patch({ status: 4 }, "WRONGCODE0000000")).statusCode).toBe(404);
  });
});

describe("the vendor's time to cancel and to reschedule", () => {
  it("refuses a change once its time before the start has passed", async () => {
    const strict = await createAvailabilityWorld(t.db, {
      settings: {
        client_view: { time_to_cancel_minutes: 24 * 60, time_to_reschedule_minutes: 48 * 60 },
      },
    });
    await strict.addStaff({ firstName: "Kim", lastName: "Lee" });
    const on = await openApiClient(t.app, strict.host);
    const res = await on.request({
      method: "POST",
      url: "/api/v2/open/appointments",
      payload: {
        ...booking("2026-12-01T10:00:00-05:00"),
        data: {
          ...booking("2026-12-01T10:00:00-05:00").data,
          attributes: {
            location_id: String(strict.locationId),
            service_id: String(strict.serviceId),
            start: "2026-12-01T10:00:00-05:00",
          },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, attributes } = res.json().data;
    // 27 hours ahead: still cancellable (24 h), no longer reschedulable (48 h).
    expect(attributes).toMatchObject({ cancellable: true, reschedulable: false });
    const change = (body: Record<string, unknown>) =>
      on.request({
        method: "PATCH",
        url: `/api/v2/open/appointments/${id}?code=${attributes.confirm_code}`,
        payload: { data: { type: "appointments", id, attributes: body } },
      });
    const move = await change({ start: "2026-12-01T13:00:00-05:00" });
    expect(move.statusCode).toBe(409);
    expect(errorsOf(move)[0]!.code).toBe("too_late_to_reschedule");
    vi.setSystemTime(new Date("2026-11-30T16:00:00Z")); // 18 hours before
    const cancel = await change({ status: 4 });
    expect(cancel.statusCode).toBe(409);
    expect(errorsOf(cancel)[0]!.code).toBe("too_late_to_cancel");
  });
});

describe("GET /api/v2/open/locations/{id}/staff", () => {
  it("lists who serves the service there, by first name and initial, never an email", async () => {
    const res = await client.request({
      url: `/api/v2/open/locations/${world.locationId}/staff?service_id=${world.serviceId}`,
    });
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .data.map((m: { attributes: { display_name: string } }) => m.attributes.display_name);
    expect(names).toEqual(["Ada L.", "Grace H."]);
    expect(res.body).not.toContain("@");
    const foreign = await client.request({
      url: `/api/v2/open/locations/${stranger.locationId}/staff?service_id=${stranger.serviceId}`,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await client.request({
      url: `/api/v2/open/locations/${world.locationId}/staff?service_id=abc`,
    });
    expect(bad.statusCode).toBe(422);
  });
});
