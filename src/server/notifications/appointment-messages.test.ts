// A booked appointment's messages through the whole path — the booking, move or cancellation on
// the open API, its event, the durable handler, the messages row, the sender — to a real SMTP
// server and Twilio's API on loopback, on a clock that stands still (Monday 30 November 2026,
// 10:00 in Toronto): what the client is told, in their language, once, with the calendar file.
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AvailabilityWorld,
  createAvailabilityWorld,
} from "../../../test/factories/availability-world.ts";
import { type OpenApiClient, openApiClient } from "../../../test/factories/open-api-client.ts";
import { type FakeTwilio, startFakeTwilio } from "../../../test/fakes/fake-twilio.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/fakes/smtp-sink.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { messages, smsOptOuts } from "../db/schema.ts";
import type { DispatchedEvent } from "../events/outbox.ts";
import { notifyAppointmentClientsHandler } from "../jobs/notify-appointment-clients.ts";

const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
const authToken = "fake-twilio-auth-token";
const NOW = new Date("2026-11-30T15:00:00Z");

let t: Awaited<ReturnType<typeof buildTestApp>>;
let sink: SmtpSink;
let twilio: FakeTwilio;
let world: AvailabilityWorld;
let client: OpenApiClient;
let people = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  twilio = await startFakeTwilio({ authToken, accountSid });
  t = await buildTestApp({
    seed: false,
    env: {
      PUBLIC_URL: "https://line.example.com",
      SMTP_URL: sink.url,
      MAIL_FROM: "Queue Bank <line@queue.example>",
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: "+15005550006",
      TWILIO_API_BASE: twilio.apiBase,
    },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  twilio.appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  world = await createAvailabilityWorld(t.db);
  await world.addStaff({ firstName: "Ada", lastName: "Lovelace" });
  client = await openApiClient(t.app, world.host);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
  await twilio?.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/**
 * Everything caused so far has been decided and sent: the events handed on, the handler's jobs
 * worked (read from the job table itself), no message left queued.
 */
async function settle() {
  for (let i = 0; i < 300; i++) {
    await t.app.dispatcher.drain();
    const jobs = await t.app.jobs.boss.findJobs("event.notify-appointment-clients.v1");
    const pending = jobs.filter((job) => ["created", "retry", "active"].includes(job.state));
    await t.app.messageSender.drain();
    const open = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(inArray(messages.status, ["queued", "sending"]));
    if (pending.length === 0 && open.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the appointment's messages did not settle");
}

/** A client books a slot with an address and a number of their own. */
async function book(start: string, options: { lang?: string; optedOut?: boolean } = {}) {
  people += 1;
  const phone = `+1416555${String(3000 + people).padStart(4, "0")}`;
  if (options.optedOut) await t.db.insert(smsOptOuts).values({ vendorId: world.vendorId, phone });
  const email = `client${people}@example.com`;
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
          ...(options.lang ? { lang: options.lang } : {}),
        },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: {
                first_name: "Mina",
                last_name: "Park",
                email,
                cell_phone: phone,
                receive_sms: true,
                ...(options.lang ? { lang: options.lang } : {}),
              },
            },
          },
        },
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { data } = res.json();
  const id = Number(data.id);
  const code = String(data.attributes.confirm_code);
  const change = async (attributes: Record<string, unknown>) => {
    const moved = await client.request({
      method: "PATCH",
      url: `/api/v2/open/appointments/${id}?code=${code}`,
      payload: { data: { type: "appointments", id: String(id), attributes } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  };
  return { id, code, email, phone, change };
}

const mailTo = (address: string) =>
  sink.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === address);
const smsTo = (phone: string) => twilio.sent.filter((sms) => sms.to === phone);
const calendarOf = (mail: ReturnType<typeof mailTo>[number]) =>
  mail.attachments.filter((file) => file.contentType === "text/calendar");

describe("a booked appointment's messages", () => {
  it("confirms a booking by email, once, with the calendar file, and by SMS", async () => {
    const booked = await book("2026-12-01T09:00:00-05:00");
    await settle();
    const mails = mailTo(booked.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(
      "Your appointment at Queen Street: Tuesday, December 1, 2026, 9:00 AM",
    );
    expect(mail.text).toContain(`Your confirmation code: ${booked.code}.`);
    expect(mail.text).toContain(`/appointments/manage?id=${booked.id}&code=${booked.code}`);
    const [ics] = calendarOf(mail);
    expect(ics?.filename).toBe(`appointment-${booked.id}.ics`);
    const file = ics!.content.toString("utf8");
    expect(file).toContain("METHOD:PUBLISH");
    expect(file).toContain(`UID:appointment-${booked.id}@${world.host}`);
    expect(file).toContain("DTSTART:20261201T140000Z");
    const texts = smsTo(booked.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("booked for Tuesday, December 1, 2026, 9:00 AM");
    const rows = await t.db
      .select({ kind: messages.kind, appointmentId: messages.appointmentId })
      .from(messages)
      .where(eq(messages.appointmentId, booked.id));
    expect(rows.map((row) => row.kind).sort()).toEqual([
      "appointment_booked",
      "appointment_booked",
    ]);
  });

  it("tells of a move with the updated file and of a cancellation with the one that removes it, in the client's language", async () => {
    const booked = await book("2026-12-02T10:00:00-05:00", { lang: "fr" });
    await booked.change({ start: "2026-12-02T14:00:00-05:00" });
    await settle();
    await booked.change({ status: 4 });
    await settle();
    const mails = mailTo(booked.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining("Votre rendez-vous à Queen Street"),
      "Votre rendez-vous à Queen Street a été déplacé au mercredi 2 décembre 2026, 14:00",
      "Votre rendez-vous à Queen Street du mercredi 2 décembre 2026 a été annulé",
    ]);
    // The files are built when each email goes: the earlier ones were sent before the cancel.
    const moved = calendarOf(mails[1]!)[0]!.content.toString("utf8");
    expect(moved).toContain("METHOD:PUBLISH");
    expect(moved).toContain("SEQUENCE:1");
    expect(moved).toContain("DTSTART:20261202T190000Z");
    const cancelled = calendarOf(mails[2]!)[0]!.content.toString("utf8");
    expect(cancelled).toContain("METHOD:CANCEL");
    expect(cancelled).toContain("STATUS:CANCELLED");
    expect(smsTo(booked.phone).map((sms) => sms.body)).toEqual([
      expect.stringContaining("est réservé"),
      expect.stringContaining("a été déplacé au mercredi 2 décembre 2026, 14:00"),
      expect.stringContaining("a été annulé"),
    ]);
  });

  it("queues nothing new when the handler runs again for the same event", async () => {
    const booked = await book("2026-12-03T09:00:00-05:00");
    await settle();
    const before = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.appointmentId, booked.id));
    expect(before).toHaveLength(2);
    // The job of the booking's event, run a second time, as a retried job would.
    const [first] = await t.db
      .select({ dedupeKey: messages.dedupeKey })
      .from(messages)
      .where(eq(messages.appointmentId, booked.id))
      .limit(1);
    const eventId = Number(/^event:(\d+):/.exec(first!.dedupeKey ?? "")?.[1]);
    const event: DispatchedEvent = {
      id: eventId,
      vendorId: world.vendorId,
      type: "appointment.booked",
      aggregateType: "appointment",
      aggregateId: booked.id,
      payload: { locationId: world.locationId },
      occurredAt: new Date(),
    };
    const handler = notifyAppointmentClientsHandler({
      db: t.db,
      site: { publicUrl: "https://line.example.com", defaultVendor: "none" },
      wakeSender: () => {},
    });
    await handler.handle(event, { locationId: world.locationId });
    await settle();
    const after = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.appointmentId, booked.id));
    expect(after).toHaveLength(2);
    expect(mailTo(booked.email)).toHaveLength(1);
    expect(smsTo(booked.phone)).toHaveLength(1);
  });

  it("keeps a text to a number that replied STOP in the log, unsent, and still emails", async () => {
    const booked = await book("2026-12-03T13:00:00-05:00", { optedOut: true });
    await settle();
    const [text] = await t.db
      .select({ status: messages.status, reason: messages.statusReason })
      .from(messages)
      .where(and(eq(messages.appointmentId, booked.id), eq(messages.channel, "sms")));
    expect(text).toEqual({ status: "suppressed", reason: "opted_out" });
    expect(smsTo(booked.phone)).toHaveLength(0);
    expect(mailTo(booked.email)).toHaveLength(1);
  });
});
