// POST /api/webhooks/twilio/status: Twilio reports what became of each SMS it took.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_URL, type SmsWorld, startSmsWorld } from "../../../../test/factories/sms-world.ts";
import { buildTestApp } from "../../../../test/test-app.ts";
import { messages } from "../../db/schema.ts";
import { computeTwilioSignature } from "./twilio-signature.ts";

describe("Twilio's status callback", () => {
  let w: SmsWorld;

  beforeAll(async () => {
    w = await startSmsWorld();
  });
  afterAll(() => w.close());

  const messageRow = async (id: number) =>
    (await w.t.db.select().from(messages).where(eq(messages.id, id)))[0]!;

  it("records delivery, tells the lobby, and never moves a delivered message back", async () => {
    const visit = await w.join();
    const sms = await w.sendSms(visit);
    expect((await messageRow(sms.messageId)).status).toBe("sent");

    const seen: string[] = [];
    const off = w.t.app.events.on("queueAppointmentMessagesChanged", (e) =>
      seen.push(`${e.queueAppointmentId}`),
    );
    const delivered = await w.twilio.deliver(sms.sid, "delivered");
    off();
    expect(delivered.status).toBe(204);
    // The lobby reads the visit's messages again.
    expect(seen).toContain(`${visit.id}`);
    const row = await messageRow(sms.messageId);
    expect(row.status).toBe("delivered");
    expect(row.deliveredAt).toBeInstanceOf(Date);

    expect((await w.twilio.deliver(sms.sid, "failed", 30003)).status).toBe(204);
    expect(await messageRow(sms.messageId)).toMatchObject({
      status: "delivered",
      statusReason: null,
      deliveredAt: row.deliveredAt,
    });
  });

  it("records a failure with Twilio's error code", async () => {
    const visit = await w.join();
    const sms = await w.sendSms(visit);
    expect((await w.twilio.deliver(sms.sid, "failed", 30006)).status).toBe(204);
    expect(await messageRow(sms.messageId)).toMatchObject({
      status: "failed",
      statusReason: "twilio 30006",
      deliveredAt: null,
    });
  });

  it("answers 204 for a message it does not know", async () => {
    const params = { MessageSid: `SM${"f".repeat(32)}`, MessageStatus: "delivered" };
    const res = await post(
      params,
      computeTwilioSignature("fake-twilio-auth-token", statusUrl, params),
    );
    expect(res.status).toBe(204);
  });

  it("refuses a forged callback with 403 and changes nothing", async () => {
    const visit = await w.join();
    const sms = await w.sendSms(visit);
    const params = { MessageSid: sms.sid, MessageStatus: "delivered" };
    const forgeries = [
      computeTwilioSignature("not-the-auth-token-at-all", statusUrl, params),
      computeTwilioSignature(
        "fake-twilio-auth-token",
        `${w.appUrl}/api/webhooks/twilio/status`,
        params,
      ),
      computeTwilioSignature("fake-twilio-auth-token", statusUrl, {
        ...params,
        MessageStatus: "sent",
      }),
      undefined,
    ];
    for (const signature of forgeries) {
      const res = await post(params, signature);
      expect(res.status).toBe(403);
      expect((await res.json()).errors[0]).toMatchObject({
        status: "403",
        code: "signature_invalid",
      });
    }
    expect((await messageRow(sms.messageId)).status).toBe("sent");
  });

  it("answers a signed callback lacking its status with 422, not an error of its own", async () => {
    // A field named __proto__ stays a field (signed, passed over), not the body's prototype.
    const params: Record<string, string> = Object.fromEntries([
      ["MessageSid", `SM${"e".repeat(32)}`],
      ["__proto__", "x"],
    ]);
    const res = await post(
      params,
      computeTwilioSignature("fake-twilio-auth-token", statusUrl, params),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).errors[0].source.pointer).toBe("/MessageStatus");
  });

  it("refuses a body that is not a form, signed or not", async () => {
    for (const body of ['{"MessageSid":["x",1],"MessageStatus":{"a":1}}', "[]", "null"]) {
      const res = await fetch(`${w.appUrl}/api/webhooks/twilio/status`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-twilio-signature": computeTwilioSignature("fake-twilio-auth-token", statusUrl, {}),
        },
        body,
      });
      expect(res.status).toBe(403);
    }
  });

  it("is documented as a form post in the OpenAPI document", async () => {
    const paths = (await w.t.app.inject({ url: "/api/docs/json" })).json().paths;
    for (const path of ["/api/webhooks/twilio/status", "/api/webhooks/twilio/inbound"]) {
      const content = paths[path].post.requestBody.content;
      expect(Object.keys(content)).toEqual(["application/x-www-form-urlencoded"]);
      expect(Object.keys(paths[path].post.responses)).toContain("403");
    }
  });

  const statusUrl = `${PUBLIC_URL}/api/webhooks/twilio/status`;
  function post(params: Record<string, string>, signature: string | undefined) {
    return fetch(`${w.appUrl}/api/webhooks/twilio/status`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(signature ? { "x-twilio-signature": signature } : {}),
      },
      body: new URLSearchParams(params),
    });
  }
});

describe("Twilio's webhooks without Twilio configured", () => {
  it("refuse every request: nothing can prove it came from Twilio", async () => {
    const t = await buildTestApp({ seed: false });
    try {
      const params = {
        MessageSid: `SM${"c".repeat(32)}`,
        From: "+14155550000",
        To: "+1",
        Body: "STOP",
      };
      const res = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/twilio/inbound",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": computeTwilioSignature(
            "",
            `${t.app.config.PUBLIC_URL}/api/webhooks/twilio/inbound`,
            params,
          ),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe("signature_invalid");
    } finally {
      await t.close();
    }
  });
});
