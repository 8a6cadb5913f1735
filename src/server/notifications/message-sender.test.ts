// The message sender against a real database, with channels that record what they are handed
// and fail when told: what is sent, retried, held, throttled, suppressed and failed, and that a
// message is sent once however many senders run.
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLocation } from "../../../test/factories/locations.ts";
import { createService } from "../../../test/factories/services.ts";
import { createVendor } from "../../../test/factories/vendors.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import {
  appointments,
  clients,
  locations,
  messages,
  queueAppointments,
  smsOptOuts,
} from "../db/schema.ts";
import {
  type EmailTransport,
  type OutgoingEmail,
  type OutgoingSms,
  PermanentDeliveryError,
  type SmsProvider,
} from "./channels.ts";
import { createMessageSender } from "./message-sender.ts";
import { insertMessages, type MessageDraft } from "./message-store.ts";

let database: Database;
let vendorId: number;
let locationId: number;
let serviceId: number;

type Failure = "retry" | "permanent";

function channels() {
  const emails: OutgoingEmail[] = [];
  const texts: OutgoingSms[] = [];
  const failures: Failure[] = [];
  const fail = () => {
    const next = failures.shift();
    if (next === "retry") throw new Error("421 try again later");
    if (next === "permanent") throw new PermanentDeliveryError("550 no such mailbox");
  };
  const email: EmailTransport = {
    name: "test-mail",
    async send(message) {
      fail();
      emails.push(message);
      return { providerMessageId: `mail-${message.messageId}` };
    },
    async close() {},
  };
  const sms: SmsProvider = {
    name: "test-sms",
    async send(message) {
      fail();
      texts.push(message);
      return { providerMessageId: `sms-${message.messageId}`, status: "sent" };
    },
  };
  return { email, sms, emails, texts, failures };
}

function senderWith(
  ch: ReturnType<typeof channels>,
  clock: { now: Date },
  options: Pick<Parameters<typeof createMessageSender>[0], "appointmentCalendar"> = {},
) {
  return createMessageSender({
    ...options,
    db: database.db,
    config: { MAIL_FROM: "Queue Bank <no-reply@queue.example>" },
    email: ch.email,
    sms: ch.sms,
    renderEmail: { html: (input) => `<p>${input.body}</p>`, text: (body) => body },
    log: pino({ level: "silent" }),
    now: () => clock.now,
    pollMs: 60_000,
  });
}

const draft = (overrides: Partial<MessageDraft> = {}): MessageDraft => ({
  vendorId,
  locationId,
  channel: "email",
  kind: "reply_help",
  recipient: "ada@example.com",
  lang: "en",
  subject: "Hello",
  body: "Hi there",
  dedupeKey: `test:${Math.random()}`,
  // Due before any of the tests' clocks.
  nextAttemptAt: new Date("2026-11-25T00:00:00Z"),
  ...overrides,
});

async function rowOf(id: number) {
  const [row] = await database.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const vendor = await createVendor(database.db, { name: "Queue Bank" });
  vendorId = vendor.id;
  const location = await createLocation(database.db, vendorId, { timezone: "Europe/Warsaw" });
  locationId = location.id;
  serviceId = (await createService(database.db, vendorId, { locationIds: [locationId] })).id;
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(messages);
  await database.db.delete(smsOptOuts);
});

describe("the message sender", () => {
  // Midday in Warsaw: no quiet hours unless a test sets them.
  const clock = { now: new Date("2026-11-25T11:00:00Z") };

  it("sends each queued email and SMS once and records the provider's id", async () => {
    const ch = channels();
    const sender = senderWith(ch, clock);
    const [mail, text] = await Promise.all([
      insertMessages(database.db, [draft()]),
      insertMessages(database.db, [
        draft({ channel: "sms", recipient: "+48221234567", subject: null }),
      ]),
    ]);
    sender.start();
    await sender.drain();
    await sender.stop();
    expect(ch.emails.map((email) => email.to)).toEqual(["ada@example.com"]);
    expect(ch.emails[0]).toMatchObject({
      subject: "Hello",
      html: "<p>Hi there</p>",
      text: "Hi there",
    });
    expect(ch.texts.map((sms) => sms.to)).toEqual(["+48221234567"]);
    expect(await rowOf(mail![0]!)).toMatchObject({
      status: "sent",
      provider: "test-mail",
      providerMessageId: `mail-${mail![0]}`,
      attempts: 1,
    });
    expect((await rowOf(text![0]!)).status).toBe("sent");
  });

  it("retries a failure with backoff, and fails at once what another attempt would not change", async () => {
    const ch = channels();
    ch.failures.push("retry");
    const sender = senderWith(ch, clock);
    const [retried] = await insertMessages(database.db, [draft()]);
    sender.start();
    await sender.drain();
    const waiting = await rowOf(retried!);
    expect(waiting).toMatchObject({
      status: "queued",
      attempts: 1,
      statusReason: "421 try again later",
    });
    expect(waiting.nextAttemptAt.getTime()).toBe(clock.now.getTime() + 2_000);
    expect(ch.emails).toHaveLength(0);

    const later = { now: new Date(clock.now.getTime() + 2_000) };
    const next = senderWith(ch, later);
    next.start();
    await next.drain();
    expect(await rowOf(retried!)).toMatchObject({ status: "sent", attempts: 2 });
    expect(ch.emails).toHaveLength(1);

    ch.failures.push("permanent");
    const [refused] = await insertMessages(database.db, [
      draft({ recipient: "nobody@example.com" }),
    ]);
    next.wake();
    await next.drain();
    await Promise.all([sender.stop(), next.stop()]);
    expect(await rowOf(refused!)).toMatchObject({
      status: "failed",
      statusReason: "550 no such mailbox",
      attempts: 1,
    });
    expect(ch.emails).toHaveLength(1);
  });

  it("holds SMS in the location's quiet hours until they end; email goes", async () => {
    const night = { now: new Date("2026-11-25T22:30:00Z") }; // 23:30 in Warsaw
    await database.db
      .update(locations)
      .set({ notificationSettings: { quiet_hours: { start: "21:00", end: "08:00" } } });
    try {
      const ch = channels();
      const sender = senderWith(ch, night);
      const [text] = await insertMessages(database.db, [
        draft({ channel: "sms", recipient: "+48221234567", subject: null }),
      ]);
      const [mail] = await insertMessages(database.db, [draft()]);
      sender.start();
      await sender.drain();
      await sender.stop();
      expect(ch.texts).toHaveLength(0);
      expect(await rowOf(text!)).toMatchObject({
        status: "held",
        statusReason: "quiet_hours",
        attempts: 0,
      });
      expect((await rowOf(text!)).nextAttemptAt.toISOString()).toBe("2026-11-26T07:00:00.000Z");
      expect((await rowOf(mail!)).status).toBe("sent");

      const morning = senderWith(ch, { now: new Date("2026-11-26T07:00:00Z") });
      morning.start();
      await morning.drain();
      await morning.stop();
      expect(ch.texts).toHaveLength(1);
    } finally {
      await database.db.update(locations).set({ notificationSettings: {} });
    }
  });

  it("sends a number at most its hour's share of texts; the rest wait for the hour to pass", async () => {
    const ch = channels();
    const sender = senderWith(ch, clock);
    const eleven = Array.from({ length: 11 }, () =>
      draft({ channel: "sms", recipient: "+48221234567", subject: null }),
    );
    await insertMessages(database.db, eleven);
    sender.start();
    await sender.drain();
    await sender.stop();
    expect(ch.texts).toHaveLength(10);
    const [deferred] = await database.db
      .select()
      .from(messages)
      .where(eq(messages.status, "queued"));
    expect(deferred).toMatchObject({ statusReason: "throttled", attempts: 0 });
    expect(deferred!.nextAttemptAt.getTime()).toBe(clock.now.getTime() + 3_600_000);
  });

  it("never texts a number that replied STOP, except to confirm it", async () => {
    await database.db.insert(smsOptOuts).values({ vendorId, phone: "+48221234567" });
    const ch = channels();
    const sender = senderWith(ch, clock);
    const [blocked, confirmation] = await insertMessages(database.db, [
      draft({ channel: "sms", recipient: "+48221234567", subject: null, kind: "joined" }),
      draft({ channel: "sms", recipient: "+48221234567", subject: null, kind: "stop_confirmed" }),
    ]);
    sender.start();
    await sender.drain();
    await sender.stop();
    expect(await rowOf(blocked!)).toMatchObject({
      status: "suppressed",
      statusReason: "opted_out",
    });
    expect((await rowOf(confirmation!)).status).toBe("sent");
    expect(ch.texts).toHaveLength(1);
  });

  it("does not say 'your turn' to a visit that has moved on since it was queued", async () => {
    const [client] = await database.db
      .insert(clients)
      .values({ vendorId, firstName: "Ada", lastName: "L", email: "ada@example.com" })
      .returning();
    const [visit] = await database.db
      .insert(queueAppointments)
      .values({
        vendorId,
        locationId,
        serviceId,
        clientId: client!.id,
        status: "completed",
        confirmCode: `code-${Math.random()}`,
      })
      .returning();
    const ch = channels();
    const sender = senderWith(ch, clock);
    const [stale] = await insertMessages(database.db, [
      draft({ kind: "called_in_person", queueAppointmentId: visit!.id }),
    ]);
    const [thanks] = await insertMessages(database.db, [
      draft({ kind: "completed", queueAppointmentId: visit!.id }),
    ]);
    sender.start();
    await sender.drain();
    await sender.stop();
    expect(await rowOf(stale!)).toMatchObject({
      status: "suppressed",
      statusReason: "no_longer_relevant",
    });
    expect((await rowOf(thanks!)).status).toBe("sent");
  });

  it("takes over a message whose sender died mid-send, and sends each message once across senders", async () => {
    const ch = channels();
    const [orphan] = await insertMessages(database.db, [
      draft({ recipient: "orphan@example.com" }),
    ]);
    // A node claimed it and died: its lease ran out a second ago.
    await database.db
      .update(messages)
      .set({ status: "sending", attempts: 1, nextAttemptAt: new Date(clock.now.getTime() - 1_000) })
      .where(eq(messages.id, orphan!));
    await insertMessages(
      database.db,
      Array.from({ length: 40 }, (_, i) => draft({ recipient: `visitor${i}@example.com` })),
    );
    const senders = [senderWith(ch, clock), senderWith(ch, clock)];
    for (const sender of senders) sender.start();
    await Promise.all(senders.map((sender) => sender.drain()));
    await Promise.all(senders.map((sender) => sender.stop()));
    const to = ch.emails.map((email) => email.to);
    expect(to).toHaveLength(41);
    expect(new Set(to).size).toBe(41);
    expect(await rowOf(orphan!)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("attaches an appointment's calendar file to its email, and drops a booking's message once it is cancelled", async () => {
    const [appointment] = await database.db
      .insert(appointments)
      .values({
        vendorId,
        locationId,
        serviceId,
        startsAt: new Date("2026-12-01T14:00:00Z"),
        endsAt: new Date("2026-12-01T15:00:00Z"),
        confirmCode: "K7M2Q9K7M2Q9K7M2",
      })
      .returning({ id: appointments.id });
    const appointmentId = appointment!.id;
    const built: number[] = [];
    const ch = channels();
    const clock = { now: new Date("2026-11-25T12:00:00Z") };
    const sender = senderWith(ch, clock, {
      async appointmentCalendar(id) {
        built.push(id);
        return { filename: `appointment-${id}.ics`, contentType: "text/calendar", content: "X" };
      },
    });
    const send = async () => {
      sender.start();
      await sender.drain();
      await sender.stop();
    };
    const [booked] = await insertMessages(database.db, [
      draft({ kind: "appointment_booked", appointmentId }),
    ]);
    await send();
    expect(await rowOf(booked!)).toMatchObject({ status: "sent", appointmentId });
    expect(ch.emails[0]!.attachments).toEqual([
      { filename: `appointment-${appointmentId}.ics`, contentType: "text/calendar", content: "X" },
    ]);
    // A text is not a file's place; a message of no appointment carries none.
    const [text, plain] = await insertMessages(database.db, [
      draft({ kind: "appointment_booked", appointmentId, channel: "sms", subject: null }),
      draft(),
    ]);
    await send();
    expect((await rowOf(text!)).status).toBe("sent");
    expect(ch.emails[1]!.attachments).toBeUndefined();
    expect((await rowOf(plain!)).status).toBe("sent");
    expect(built).toEqual([appointmentId]);

    await database.db
      .update(appointments)
      .set({ status: 4 })
      .where(eq(appointments.id, appointmentId));
    const [late, cancelled] = await insertMessages(database.db, [
      draft({ kind: "appointment_rescheduled", appointmentId }),
      draft({ kind: "appointment_cancelled", appointmentId }),
    ]);
    await send();
    expect(await rowOf(late!)).toMatchObject({
      status: "suppressed",
      statusReason: "no_longer_relevant",
    });
    expect((await rowOf(cancelled!)).status).toBe("sent");
  });
});
