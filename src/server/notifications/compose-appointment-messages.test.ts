// An appointment's messages as composed: the channels the client allows and the vendor sends, the
// start in the location's zone and the appointment's language, where to go by how it is held, the
// staff member, and one dedupe key per event, kind and channel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAvailabilityWorld } from "../../../test/factories/availability-world.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { appointments, clients } from "../db/schema.ts";
import { translate } from "../http/messages.ts";
import { appointmentWhen, composeAppointmentMessages } from "./compose-appointment-messages.ts";

const site = { publicUrl: "https://line.example.com", defaultVendor: "none" };

describe("an appointment's messages", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  async function appointmentOf(
    world: Awaited<ReturnType<typeof createAvailabilityWorld>>,
    values: {
      email?: string | null;
      cellPhone?: string | null;
      receiveSms?: boolean;
      lang?: string;
      meetingMethod?: number;
      destination?: string | null;
      userId?: number | null;
    } = {},
  ) {
    const { db } = database;
    const [client] = await db
      .insert(clients)
      .values({
        vendorId: world.vendorId,
        firstName: "Mina",
        lastName: "Park",
        email: values.email === undefined ? "mina@example.com" : values.email,
        cellPhone: values.cellPhone === undefined ? "+14165550100" : values.cellPhone,
        receiveSms: values.receiveSms ?? true,
      })
      .returning({ id: clients.id });
    const [appointment] = await db
      .insert(appointments)
      .values({
        vendorId: world.vendorId,
        locationId: world.locationId,
        serviceId: world.serviceId,
        clientId: client!.id,
        userId: values.userId ?? null,
        startsAt: new Date("2026-12-01T14:00:00Z"),
        endsAt: new Date("2026-12-01T15:00:00Z"),
        confirmCode: "K7M2Q9K7M2Q9K7M2",
        meetingMethod: values.meetingMethod ?? 1,
        destination: values.destination ?? null,
        lang: values.lang ?? "en",
      })
      .returning({ id: appointments.id });
    return appointment!.id;
  }

  it("writes the start in the location's zone and the appointment's language", () => {
    const start = new Date("2026-12-01T14:00:00Z");
    expect(appointmentWhen(start, "America/Toronto", "en")).toEqual({
      date: "Tuesday, December 1, 2026",
      time: "9:00 AM",
    });
    expect(appointmentWhen(start, "Europe/Warsaw", "pl")).toEqual({
      date: "wtorek, 1 grudnia 2026",
      time: "15:00",
    });
  });

  it("names the client's own address off site and the staff member, in Korean, by email and SMS", async () => {
    const world = await createAvailabilityWorld(database.db);
    const ada = await world.addStaff({ firstName: "Ada", lastName: "Lovelace" });
    const id = await appointmentOf(world, {
      lang: "ko",
      meetingMethod: 4,
      destination: "12 King St W",
      userId: ada,
    });
    const drafts = await composeAppointmentMessages(database.db, {
      appointmentId: id,
      kinds: ["appointment_booked"],
      cause: "event:41",
      site,
    });
    expect(drafts.map((draft) => [draft.channel, draft.dedupeKey, draft.appointmentId])).toEqual([
      ["email", "event:41:appointment_booked:email", id],
      ["sms", "event:41:appointment_booked:sms", id],
    ]);
    const email = drafts[0]!;
    expect(email.lang).toBe("ko");
    expect(email.body).toContain("장소: 12 King St W");
    expect(email.body).toContain("담당: Ada L.");
    expect(email.body).toContain(`방식: ${translate("ko", "Calendar.method.4")}`);
    expect(email.body).toContain(
      appointmentWhen(new Date("2026-12-01T14:00:00Z"), "America/Toronto", "ko").date,
    );
    expect(email.body).toContain("/appointments/manage?id=");
    expect(drafts[1]!.body).toContain("코드 K7M2Q9K7M2Q9K7M2");
  });

  it("leaves out where and with whom for a phone call with anyone", async () => {
    const world = await createAvailabilityWorld(database.db);
    const id = await appointmentOf(world, { meetingMethod: 2 });
    const [email] = await composeAppointmentMessages(database.db, {
      appointmentId: id,
      kinds: ["appointment_rescheduled"],
      cause: "event:42",
      site,
    });
    expect(email!.body).toContain("How: Phone call: we will call you");
    expect(email!.body).not.toContain("Where:");
    expect(email!.body).not.toContain("With:");
  });

  it("sends no SMS when the vendor does not text or the client did not agree, and nothing without either", async () => {
    const quiet = await createAvailabilityWorld(database.db, {
      settings: { client_view: { sms_notifications: false } },
    });
    const compose = (appointmentId: number) =>
      composeAppointmentMessages(database.db, {
        appointmentId,
        kinds: ["appointment_cancelled"],
        cause: "event:43",
        site,
      });
    const channels = async (appointmentId: number) =>
      (await compose(appointmentId)).map((draft) => draft.channel);
    expect(await channels(await appointmentOf(quiet))).toEqual(["email"]);
    const world = await createAvailabilityWorld(database.db);
    expect(await channels(await appointmentOf(world, { receiveSms: false }))).toEqual(["email"]);
    expect(await channels(await appointmentOf(world, { email: null }))).toEqual(["sms"]);
    expect(await channels(await appointmentOf(world, { email: null, cellPhone: null }))).toEqual(
      [],
    );
  });
});
