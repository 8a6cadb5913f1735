// POST /api/webhooks/twilio/inbound: a visitor's SMS reply, and what it does to their visit.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PUBLIC_URL,
  SENDING_NUMBER,
  type SmsWorld,
  startSmsWorld,
} from "../../../../test/factories/sms-world.ts";
import { messages, queueAppointments, queueEvents, smsOptOuts } from "../../db/schema.ts";
import { composeVisitorMessages } from "../compose-visitor-messages.ts";
import { computeTwilioSignature } from "./twilio-signature.ts";

describe("Twilio's inbound SMS webhook", () => {
  let w: SmsWorld;

  beforeAll(async () => {
    w = await startSmsWorld();
  });
  afterAll(() => w.close());

  /** A visitor in line who has had an SMS from the vendor. */
  async function textedVisitor() {
    const visit = await w.join();
    await w.sendSms(visit);
    await w.t.app.dispatcher.drain();
    return visit;
  }

  const visitRow = async (id: number) =>
    (await w.t.db.select().from(queueAppointments).where(eq(queueAppointments.id, id)))[0]!;
  const repliesFrom = (phone: string) =>
    w.t.db
      .select()
      .from(messages)
      .where(and(eq(messages.recipient, phone), eq(messages.direction, "inbound")));
  const answersTo = async (phone: string) =>
    (
      await w.t.db
        .select()
        .from(messages)
        .where(and(eq(messages.recipient, phone), eq(messages.direction, "outbound")))
        .orderBy(messages.id)
    )
      .filter((m) => m.dedupeKey?.startsWith("reply:") && m.status !== "suppressed")
      .map((m) => ({ kind: m.kind, dedupeKey: m.dedupeKey }));
  const optedOut = async (phone: string) =>
    (
      await w.t.db
        .select()
        .from(smsOptOuts)
        .where(and(eq(smsOptOuts.vendorId, w.scenario.vendor.id), eq(smsOptOuts.phone, phone)))
    ).length > 0;

  async function expectEmptyTwiml(res: Response) {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await res.text()).toContain("<Response/>");
  }

  it("CANCEL cancels the place as any cancel does, records the reply and queues cancel_confirmed", async () => {
    const visit = await textedVisitor();
    const seen: string[] = [];
    const off = w.t.app.events.on("queueAppointmentChanged", (e) =>
      seen.push(`${e.queueAppointmentId}:${e.change}`),
    );
    await expectEmptyTwiml(await w.text(visit.phone, " cancel "));
    await w.t.app.dispatcher.drain();
    off();

    expect((await visitRow(visit.id)).status).toBe("cancelled");
    expect(seen).toContain(`${visit.id}:updated`);
    const history = await w.t.db
      .select()
      .from(queueEvents)
      .where(eq(queueEvents.queueAppointmentId, visit.id));
    expect(history.map((e) => [e.type, e.toStatus, e.actorUserId])).toEqual([
      ["joined", "waiting", null],
      ["cancelled", "cancelled", null],
    ]);
    const [reply] = await repliesFrom(visit.phone);
    expect(reply).toMatchObject({
      vendorId: w.scenario.vendor.id,
      queueAppointmentId: visit.id,
      channel: "sms",
      kind: "reply",
      body: " cancel ",
      status: "received",
      provider: "twilio",
    });
    expect(await answersTo(visit.phone)).toEqual([
      {
        kind: "cancel_confirmed",
        dedupeKey: `reply:${reply!.id}:cancel_confirmed:sms`,
      },
    ]);
  });

  it("sends the answer through Twilio at once, where it is recorded as sent", async () => {
    const visit = await textedVisitor();
    await expectEmptyTwiml(await w.text(visit.phone, "HERE"));
    await w.t.app.messageSender.drain();
    const [answer] = await w.t.db
      .select()
      .from(messages)
      .where(and(eq(messages.recipient, visit.phone), eq(messages.kind, "arrival_confirmed")));
    expect(answer).toMatchObject({ status: "sent", provider: "twilio" });
    const sent = w.twilio.sent.find((sms) => sms.sid === answer!.providerMessageId);
    expect(sent).toMatchObject({ to: visit.phone, from: SENDING_NUMBER, body: answer!.body });
  });

  it("STOP opts the number out of the vendor's SMS until START", async () => {
    const visit = await textedVisitor();
    await expectEmptyTwiml(await w.text(visit.phone, "STOP"));
    expect(await optedOut(visit.phone)).toBe(true);
    expect((await visitRow(visit.id)).status).toBe("waiting");
    expect((await answersTo(visit.phone)).map((a) => a.kind)).toEqual(["stop_confirmed"]);
    const compose = (cause: string) =>
      composeVisitorMessages(w.t.db, {
        queueAppointmentId: visit.id,
        kinds: ["almost_turn"],
        cause,
        channels: ["sms"],
        site: { publicUrl: PUBLIC_URL, defaultVendor: "demo" },
      });
    // Recorded for the log, never sent.
    expect((await compose("test:after-stop")).map((d) => [d.channel, d.status])).toEqual([
      ["sms", "suppressed"],
    ]);

    await expectEmptyTwiml(await w.text(visit.phone, "Start"));
    expect(await optedOut(visit.phone)).toBe(false);
    expect((await answersTo(visit.phone)).map((a) => a.kind)).toEqual([
      "stop_confirmed",
      "start_confirmed",
    ]);
    expect(
      (await compose("test:after-start")).map((d) => [
        d.channel,
        d.recipient,
        d.status ?? "queued",
      ]),
    ).toEqual([["sms", visit.phone, "queued"]]);
  });

  it("CANCEL with no open visit is an opt-out, as carriers read it", async () => {
    const visit = await textedVisitor();
    await expectEmptyTwiml(await w.text(visit.phone, "CANCEL"));
    expect((await visitRow(visit.id)).status).toBe("cancelled");
    await expectEmptyTwiml(await w.text(visit.phone, "cancel"));
    expect(await optedOut(visit.phone)).toBe(true);
    expect((await answersTo(visit.phone)).map((a) => a.kind)).toEqual([
      "cancel_confirmed",
      "stop_confirmed",
    ]);
    // Opted out: nothing but START gets an answer now; the help text is recorded, suppressed.
    await expectEmptyTwiml(await w.text(visit.phone, "help"));
    const [help] = await w.t.db
      .select()
      .from(messages)
      .where(and(eq(messages.recipient, visit.phone), eq(messages.kind, "reply_help")));
    expect(help).toMatchObject({ status: "suppressed", statusReason: "opted_out" });
    expect((await answersTo(visit.phone)).map((a) => a.kind)).toEqual([
      "cancel_confirmed",
      "stop_confirmed",
    ]);
  });

  it("HERE marks the visitor arrived, live in the lobby, and confirms", async () => {
    const visit = await textedVisitor();
    const seen: string[] = [];
    const off = w.t.app.events.on("queueAppointmentChanged", (e) =>
      seen.push(`${e.queueAppointmentId}:${e.change}`),
    );
    await expectEmptyTwiml(await w.text(visit.phone, "Here! Blue car"));
    await w.t.app.dispatcher.drain();
    off();
    const row = await visitRow(visit.id);
    expect(row.arrivedAt).toBeInstanceOf(Date);
    expect(row.status).toBe("waiting");
    expect(seen).toContain(`${visit.id}:updated`);
    expect((await answersTo(visit.phone)).map((a) => a.kind)).toEqual(["arrival_confirmed"]);
  });

  it("answers anything else, and HELP, with the help text", async () => {
    const visit = await textedVisitor();
    const seen: number[] = [];
    const off = w.t.app.events.on("queueAppointmentMessagesChanged", (e) =>
      seen.push(e.queueAppointmentId),
    );
    await expectEmptyTwiml(await w.text(visit.phone, "How long is the wait?"));
    off();
    // The lobby shows the reply on the visitor's details.
    expect(seen).toContain(visit.id);
    await expectEmptyTwiml(await w.text(visit.phone, "HELP"));
    expect((await visitRow(visit.id)).status).toBe("waiting");
    expect((await answersTo(visit.phone)).map((a) => a.kind)).toEqual(["reply_help", "reply_help"]);
    expect(await repliesFrom(visit.phone)).toHaveLength(2);
  });

  it("records and acts on a reply delivered twice only once", async () => {
    const visit = await textedVisitor();
    const messageSid = `SM${"a1".repeat(16)}`;
    await expectEmptyTwiml(await w.text(visit.phone, "CANCEL", { messageSid }));
    await expectEmptyTwiml(await w.text(visit.phone, "CANCEL", { messageSid }));
    expect(await repliesFrom(visit.phone)).toHaveLength(1);
    expect(await optedOut(visit.phone)).toBe(false);
    expect((await answersTo(visit.phone)).map((a) => a.kind)).toEqual(["cancel_confirmed"]);
    const cancels = await w.t.db
      .select()
      .from(queueEvents)
      .where(and(eq(queueEvents.queueAppointmentId, visit.id), eq(queueEvents.type, "cancelled")));
    expect(cancels).toHaveLength(1);
  });

  it("answers a number texted about no visit from the vendor's templates", async () => {
    const phone = "+14155557777";
    await w.sendSms({ id: null, phone });
    await expectEmptyTwiml(await w.text(phone, "here"));
    await expectEmptyTwiml(await w.text(phone, "stop"));
    await expectEmptyTwiml(await w.text(phone, "help"));
    await w.t.app.messageSender.drain();
    const written = await w.t.db
      .select()
      .from(messages)
      .where(and(eq(messages.recipient, phone), eq(messages.direction, "outbound")))
      .orderBy(messages.id);
    const answers = written.filter((m) => m.dedupeKey?.startsWith("reply:"));
    expect(answers.map((m) => [m.kind, m.status, m.queueAppointmentId])).toEqual([
      ["reply_help", "sent", null],
      ["stop_confirmed", "sent", null],
      ["reply_help", "suppressed", null],
    ]);
    expect(answers[0]!.body).toContain("Queue Bank");
    expect(answers[0]!.locationId).toBe(w.scenario.location.id);
    expect(await repliesFrom(phone)).toHaveLength(3);
  });

  it("records nothing from a number the product never texted", async () => {
    await expectEmptyTwiml(await w.text("+14155559999", "CANCEL"));
    expect(await repliesFrom("+14155559999")).toEqual([]);
    expect(await optedOut("+14155559999")).toBe(false);
  });

  it("refuses a forged reply with 403 and changes nothing", async () => {
    const visit = await textedVisitor();
    const params = {
      MessageSid: `SM${"b2".repeat(16)}`,
      From: visit.phone,
      To: SENDING_NUMBER,
      Body: "CANCEL",
    };
    const url = `${PUBLIC_URL}/api/webhooks/twilio/inbound`;
    for (const signature of [
      computeTwilioSignature("not-the-auth-token-at-all", url, params),
      computeTwilioSignature("fake-twilio-auth-token", url, { ...params, Body: "HELP" }),
      undefined,
    ]) {
      const res = await fetch(`${w.appUrl}/api/webhooks/twilio/inbound`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(signature ? { "x-twilio-signature": signature } : {}),
        },
        body: new URLSearchParams(params),
      });
      expect(res.status).toBe(403);
      expect((await res.json()).errors[0].code).toBe("signature_invalid");
    }
    expect((await visitRow(visit.id)).status).toBe("waiting");
    expect(await repliesFrom(visit.phone)).toEqual([]);
  });
});
