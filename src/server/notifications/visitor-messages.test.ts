// A visit's messages through the whole path — the join or the staff's change, its event, the
// durable handler, the messages row, the sender — to a real SMTP server and Twilio's API on loopback:
// what each visitor is told, in their language, on which channels, and only once.
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiClient } from "../../../test/factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  type QueueScenario,
  VENDOR_HOST,
} from "../../../test/factories/queue-scenario.ts";
import { createStaffUser } from "../../../test/factories/staff.ts";
import { type FakeTwilio, startFakeTwilio } from "../../../test/fakes/fake-twilio.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/fakes/smtp-sink.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { locations, messages, queueAppointments, smsOptOuts, userLocations } from "../db/schema.ts";
import { patchDocument, type StaffClient, staffClient } from "../lobby/lobby-test-world.ts";

const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
const authToken = "fake-twilio-auth-token";
const PUBLIC_URL = "https://line.example.com";

describe("a visit's messages", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let sink: SmtpSink;
  let twilio: FakeTwilio;
  let scenario: QueueScenario;
  let staff: StaffClient;
  let phones = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    twilio = await startFakeTwilio({ authToken, accountSid });
    t = await buildTestApp({
      seed: false,
      env: {
        PUBLIC_URL,
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
    scenario = await createQueueScenario(t.db);
    const desk = await createStaffUser(t.db, {
      vendorId: scenario.vendor.id,
      roleLevel: ROLES.staff,
      locationIds: [scenario.location.id],
    });
    await t.db
      .update(userLocations)
      .set({ desk: "Desk 3" })
      .where(eq(userLocations.userId, desk.id));
    staff = await staffClient(t.app, desk, VENDOR_HOST);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await twilio?.close();
  });

  /** A visitor joins with an address and a number of their own; their visit's id and code. */
  async function join(
    options: { lang?: string; receiveSms?: boolean; meetingMethod?: number } = {},
  ) {
    phones += 1;
    const phone = `+1415555${String(2000 + phones).padStart(4, "0")}`;
    const email = `visitor${phones}@example.com`;
    const client = await openApiClient(t.app, VENDOR_HOST);
    const res = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(scenario, {
        attributes: { meeting_method: options.meetingMethod ?? 1 },
        client: {
          cell_phone: phone,
          email,
          receive_sms: options.receiveSms ?? true,
          ...(options.lang ? { lang: options.lang } : {}),
        },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    return {
      id: Number(data.id),
      code: String(data.attributes.confirm_code),
      phone,
      email,
      client,
    };
  }

  /** Everything queued so far has gone out (or been decided otherwise). */
  /**
   * Everything caused so far has been decided and sent: the events handed on, the handler's jobs
   * worked (read from the job table itself: the queue's counts are a cache), no message left queued.
   */
  async function settle() {
    for (let i = 0; i < 300; i++) {
      await t.app.dispatcher.drain();
      const jobs = await t.app.jobs.boss.findJobs("event.notify-visitors.v1");
      const pending = jobs.filter((job) => ["created", "retry", "active"].includes(job.state));
      await t.app.messageSender.drain();
      const open = await t.db
        .select({ id: messages.id })
        .from(messages)
        .where(inArray(messages.status, ["queued", "sending"]));
      if (pending.length === 0 && open.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the visit's messages did not settle");
  }

  const mailTo = (address: string) =>
    sink.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === address);
  const smsTo = (phone: string) => twilio.sent.filter((sms) => sms.to === phone);

  it("confirms a join by email and SMS in the visitor's language, with the link to their place", async () => {
    const visit = await join({ lang: "fr" });
    await settle();
    const [mail] = mailTo(visit.email);
    expect(mail?.subject).toMatch(/Main Branch|Agence principale/);
    expect(mail?.headers.get("content-language")).toBe("fr");
    const manage = `${PUBLIC_URL.replace("line.example.com", VENDOR_HOST)}/callback-service/confirmation?id=${visit.id}&code=${visit.code}&lang=fr`;
    expect(mail?.text).toContain(manage);
    expect(mail?.html).toContain("Agence principale");
    const [sms] = smsTo(visit.phone);
    expect(sms?.body).toContain(manage);
    expect(sms?.body).toMatch(/file|place/);
    // Once: handing the event on again queues nothing new.
    await settle();
    expect(mailTo(visit.email)).toHaveLength(1);
    expect(smsTo(visit.phone)).toHaveLength(1);
    const rows = await t.db
      .select({ status: messages.status, kind: messages.kind, channel: messages.channel })
      .from(messages)
      .where(eq(messages.queueAppointmentId, visit.id));
    // At the front already: the confirmation says so, and "almost your turn" is recorded unsent.
    const order = (row: { kind: string; channel: string }) => `${row.kind} ${row.channel}`;
    expect(rows.sort((a, b) => order(a).localeCompare(order(b)))).toEqual([
      { status: "suppressed", kind: "almost_turn", channel: "email" },
      { status: "suppressed", kind: "almost_turn", channel: "sms" },
      { status: "sent", kind: "joined", channel: "email" },
      { status: "sent", kind: "joined", channel: "sms" },
    ]);
  });

  it("texts only with the visitor's consent, and never a number that replied STOP", async () => {
    const noConsent = await join({ receiveSms: false });
    const stopped = await join();
    await settle();
    expect(smsTo(noConsent.phone)).toHaveLength(0);
    expect(mailTo(noConsent.email)).toHaveLength(1);
    await t.db.insert(smsOptOuts).values({ vendorId: scenario.vendor.id, phone: stopped.phone });
    const again = await staff.patch(
      `/queue-appointments/${stopped.id}`,
      patchDocument(stopped.id, { status: "cancelled" }),
    );
    expect(again.statusCode, again.body).toBe(200);
    await settle();
    expect(smsTo(stopped.phone)).toHaveLength(1);
    expect(mailTo(stopped.email).map((mail) => mail.subject)).toHaveLength(2);
    const [suppressed] = await t.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.queueAppointmentId, stopped.id),
          eq(messages.kind, "cancelled"),
          eq(messages.channel, "sms"),
        ),
      );
    expect(suppressed).toMatchObject({ status: "suppressed", statusReason: "opted_out" });
  });

  it("calls a visitor to the desk, then thanks them with the feedback link", async () => {
    // Whoever is ahead is served first.
    await t.db
      .update(queueAppointments)
      .set({ status: "cancelled" })
      .where(eq(queueAppointments.status, "waiting"));
    const visit = await join();
    await settle();
    const called = await staff.post(`/locations/${scenario.location.id}/queue/next`);
    expect(called.statusCode, called.body).toBe(200);
    await settle();
    const turn = smsTo(visit.phone).at(-1);
    expect(turn?.body).toContain("Desk 3");
    expect(mailTo(visit.email).at(-1)?.text).toContain("Desk 3");
    // Called again and then started: the visitor has heard "your turn" already.
    for (const attributes of [{ call: "recall" }, { status: "in_progress" }]) {
      const res = await staff.patch(
        `/queue-appointments/${visit.id}`,
        patchDocument(visit.id, attributes),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await settle();
    expect(smsTo(visit.phone)).toHaveLength(2);

    const done = await staff.patch(
      `/queue-appointments/${visit.id}`,
      patchDocument(visit.id, { status: "completed" }),
    );
    expect(done.statusCode, done.body).toBe(200);
    await settle();
    const thanks = mailTo(visit.email).at(-1);
    expect(thanks?.subject).toMatch(/Thank you/);
    expect(thanks?.html).toContain(`id=${visit.id}&amp;code=${visit.code}`);
    expect(smsTo(visit.phone)).toHaveLength(3);
  });

  it("announces a video call once its link is set, and says nothing to a visitor who cancelled themselves", async () => {
    await t.db
      .update(queueAppointments)
      .set({ status: "cancelled" })
      .where(eq(queueAppointments.status, "waiting"));
    const video = await join({ meetingMethod: 3 });
    await settle();
    const called = await staff.post(`/locations/${scenario.location.id}/queue/next`);
    expect(called.statusCode, called.body).toBe(200);
    await settle();
    expect(smsTo(video.phone)).toHaveLength(1);
    const linked = await staff.patch(
      `/queue-appointments/${video.id}`,
      patchDocument(video.id, { meeting_link: "https://meet.example.com/room-7" }),
    );
    expect(linked.statusCode, linked.body).toBe(200);
    await settle();
    expect(smsTo(video.phone).at(-1)?.body).toContain("https://meet.example.com/room-7");
    // A second change of the call's details does not call them again.
    await staff.patch(
      `/queue-appointments/${video.id}`,
      patchDocument(video.id, { meeting_link: "https://meet.example.com/room-8" }),
    );
    await settle();
    expect(smsTo(video.phone)).toHaveLength(2);

    const self = await join();
    await settle();
    const cancelled = await self.client.request({
      method: "PATCH",
      url: `/api/v2/open/queue-appointments/${self.id}`,
      payload: {
        data: {
          type: "queue-appointments",
          id: String(self.id),
          attributes: { status: "cancelled", confirm_code: self.code },
        },
      },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settle();
    expect(mailTo(self.email)).toHaveLength(1);
  });

  it("tells only a visitor who was called that they were missed", async () => {
    await t.db
      .update(queueAppointments)
      .set({ status: "cancelled" })
      .where(inArray(queueAppointments.status, ["waiting", "in_progress"]));
    const called = await join();
    const neverCalled = await join();
    await settle();
    const call = await staff.post(`/locations/${scenario.location.id}/queue/next`);
    expect(call.json().data.id).toBe(String(called.id));
    for (const visit of [called, neverCalled]) {
      const res = await staff.patch(
        `/queue-appointments/${visit.id}`,
        patchDocument(visit.id, { status: "no_show" }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await settle();
    expect(mailTo(called.email).at(-1)?.subject).toMatch(/We missed you/);
    expect(mailTo(neverCalled.email).map((mail) => mail.subject)).not.toContainEqual(
      expect.stringMatching(/We missed you/),
    );
    expect(mailTo(neverCalled.email)).toHaveLength(1);
  });

  it("tells a visitor once when their turn is near, and not one who joined near it", async () => {
    await t.db
      .update(queueAppointments)
      .set({ status: "completed" })
      .where(eq(queueAppointments.status, "in_progress"));
    await t.db
      .update(queueAppointments)
      .set({ status: "cancelled" })
      .where(eq(queueAppointments.status, "waiting"));
    await t.db
      .update(locations)
      .set({ notificationSettings: { almost_turn_people: 1, almost_turn_minutes: 0 } })
      .where(eq(locations.id, scenario.location.id));
    try {
      const first = await join();
      const second = await join();
      const third = await join();
      await settle();
      const almost = (visit: { id: number }) =>
        t.db
          .select({ status: messages.status, channel: messages.channel })
          .from(messages)
          .where(and(eq(messages.queueAppointmentId, visit.id), eq(messages.kind, "almost_turn")));
      expect((await almost(first)).map((row) => row.status)).toEqual(["suppressed", "suppressed"]);
      expect((await almost(second)).map((row) => row.status)).toEqual(["suppressed", "suppressed"]);
      expect(await almost(third)).toEqual([]);

      expect((await staff.post(`/locations/${scenario.location.id}/queue/next`)).statusCode).toBe(
        200,
      );
      await settle();
      expect((await almost(third)).map((row) => row.status).sort()).toEqual(["sent", "sent"]);
      expect(smsTo(third.phone).at(-1)?.body).toMatch(/almost your turn/);

      // Closer still: told once already for this place.
      for (const status of ["in_progress", "completed"])
        await staff.patch(`/queue-appointments/${first.id}`, patchDocument(first.id, { status }));
      expect((await staff.post(`/locations/${scenario.location.id}/queue/next`)).statusCode).toBe(
        200,
      );
      await settle();
      expect(await almost(third)).toHaveLength(2);
      expect(smsTo(third.phone)).toHaveLength(2);
    } finally {
      await t.db
        .update(locations)
        .set({ notificationSettings: {} })
        .where(eq(locations.id, scenario.location.id));
    }
  });
});
