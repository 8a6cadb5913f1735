// Reminders before booked appointments on a clock that stands still where each test puts it:
// queued when their moment comes, once, again for a moved appointment's new time, never for a
// cancelled one, nor for a moment that passed before the booking was made.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AvailabilityWorld,
  createAvailabilityWorld,
} from "../../../test/factories/availability-world.ts";
import { type OpenApiClient, openApiClient } from "../../../test/factories/open-api-client.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { messages } from "../db/schema.ts";
import { queueAppointmentReminders } from "./appointment-reminders.ts";

const site = { publicUrl: "https://line.example.com", defaultVendor: "none" };
/** Monday 30 November 2026, 08:00 in Toronto. */
const BOOKED_AT = new Date("2026-11-30T13:00:00Z");

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: AvailabilityWorld;
let client: OpenApiClient;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  world = await createAvailabilityWorld(t.db);
  await world.addStaff({ firstName: "Ada", lastName: "Lovelace" });
  client = await openApiClient(t.app, world.host);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const at = (instant: string | Date) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
};

async function book(start: string, email: string) {
  const res = await client.request({
    method: "POST",
    url: "/api/v2/open/appointments",
    payload: {
      data: {
        type: "appointments",
        attributes: {
          location_id: String(world.locationId),
          service_id: String(world.serviceId),
          start,
        },
        relationships: {
          client: {
            data: { type: "clients", attributes: { first_name: "Rin", last_name: "Sato", email } },
          },
        },
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return { id: Number(data.id), code: data.attributes.confirm_code as string };
}

const remindersOf = (id: number) =>
  t.db
    .select({ dedupeKey: messages.dedupeKey, body: messages.body, subject: messages.subject })
    .from(messages)
    .where(and(eq(messages.appointmentId, id), eq(messages.kind, "appointment_reminder")));

const sweep = (now: string) => queueAppointmentReminders(t.db, { site, now: new Date(now) });

describe("queueAppointmentReminders", () => {
  it("reminds a day before and an hour before, each once", async () => {
    at(BOOKED_AT);
    // Thursday 3 December, 10:00 in Toronto (15:00 UTC).
    const { id } = await book("2026-12-03T10:00:00-05:00", "rin@example.com");
    await sweep("2026-12-02T14:59:00Z");
    expect(await remindersOf(id)).toHaveLength(0);
    await sweep("2026-12-02T15:00:00Z");
    await sweep("2026-12-02T15:01:00Z");
    const dayBefore = await remindersOf(id);
    expect(dayBefore).toHaveLength(1);
    expect(dayBefore[0]!.subject).toContain("Reminder: your appointment at Queen Street");
    expect(dayBefore[0]!.body).toContain("10:00");
    await sweep("2026-12-03T14:00:00Z");
    await sweep("2026-12-03T14:30:00Z");
    expect(await remindersOf(id)).toHaveLength(2);
    // Once it has started, nothing more.
    await sweep("2026-12-03T15:01:00Z");
    expect(await remindersOf(id)).toHaveLength(2);
  });

  it("does not remind of a moment that passed before the booking was made", async () => {
    // Booked at 08:00 for 09:30 the same day: the day-before moment has passed, the hour-before not.
    at(BOOKED_AT);
    const { id } = await book("2026-11-30T09:30:00-05:00", "soon@example.com");
    await sweep("2026-11-30T13:01:00Z");
    expect(await remindersOf(id)).toHaveLength(0);
    await sweep("2026-11-30T13:30:00Z");
    expect(await remindersOf(id)).toHaveLength(1);
  });

  it("reminds a moved appointment again for its new time, and a cancelled one never", async () => {
    at(BOOKED_AT);
    const moved = await book("2026-12-04T11:00:00-05:00", "moved@example.com");
    await sweep("2026-12-03T16:00:00Z");
    expect(await remindersOf(moved.id)).toHaveLength(1);
    at("2026-12-03T16:05:00Z");
    const res = await client.request({
      method: "PATCH",
      url: `/api/v2/open/appointments/${moved.id}?code=${moved.code}`,
      payload: {
        data: {
          type: "appointments",
          id: String(moved.id),
          attributes: { start: "2026-12-07T11:00:00-05:00" },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await sweep("2026-12-06T16:00:00Z");
    expect(await remindersOf(moved.id)).toHaveLength(2);

    at(BOOKED_AT);
    const cancelled = await book("2026-12-08T11:00:00-05:00", "gone@example.com");
    const cancel = await client.request({
      method: "PATCH",
      url: `/api/v2/open/appointments/${cancelled.id}?code=${cancelled.code}`,
      payload: {
        data: { type: "appointments", id: String(cancelled.id), attributes: { status: 4 } },
      },
    });
    expect(cancel.statusCode).toBe(200);
    await sweep("2026-12-07T16:00:00Z");
    await sweep("2026-12-08T15:30:00Z");
    expect(await remindersOf(cancelled.id)).toHaveLength(0);
  });
});
