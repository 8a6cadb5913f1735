// The world of the SMS webhook tests: the app listening on loopback with SMS through Twilio (the
// loopback fake), believing it is reached at a public https address as behind a proxy; a vendor's
// line; visitors who join with a mobile number; and an SMS sent to one, as the sender would.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { messages } from "../../src/server/db/schema.ts";
import { insertMessages } from "../../src/server/notifications/message-store.ts";
import { createSmsProvider } from "../../src/server/notifications/sms/sms-provider.ts";
import { type FakeTwilio, startFakeTwilio } from "../fakes/fake-twilio.ts";
import { buildTestApp } from "../test-app.ts";
import { openApiClient } from "./open-api-client.ts";
import { createQueueScenario, joinDocument, VENDOR_HOST } from "./queue-scenario.ts";

export const PUBLIC_URL = "https://line.example.com";
export const SENDING_NUMBER = "+15005550006";
const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
const authToken = "fake-twilio-auth-token";

export async function startSmsWorld() {
  const twilio = await startFakeTwilio({ authToken, accountSid });
  const t = await buildTestApp({
    seed: false,
    env: {
      PUBLIC_URL,
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: SENDING_NUMBER,
      TWILIO_API_BASE: twilio.apiBase,
    },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  twilio.appUrl = appUrl;
  const scenario = await createQueueScenario(t.db);
  const client = await openApiClient(t.app, VENDOR_HOST);
  const provider = createSmsProvider(t.app.config, t.app.log);
  let phones = 0;
  let sends = 0;

  return {
    t,
    twilio,
    scenario,
    appUrl,
    /** a visitor with a number of their own joins the line; their visit's id and number */
    async join(client_: { receive_sms?: boolean } = {}) {
      phones += 1;
      const phone = `+1415555${String(1000 + phones).padStart(4, "0")}`;
      const res = await client.request({
        method: "POST",
        url: "/api/v2/open/queue-appointments",
        payload: joinDocument(scenario, { client: { cell_phone: phone, ...client_ } }),
      });
      if (res.statusCode !== 201) throw new Error(`join: ${res.statusCode} ${res.body}`);
      return { id: Number(res.json().data.id), phone };
    },
    /**
     * An SMS about the visit (or about none) sent to the number through Twilio and recorded as the
     * sender does.
     */
    async sendSms(visit: { id: number | null; phone: string }) {
      sends += 1;
      const [id] = await insertMessages(t.db, [
        {
          vendorId: scenario.vendor.id,
          locationId: scenario.location.id,
          queueAppointmentId: visit.id,
          channel: "sms",
          kind: "joined",
          recipient: visit.phone,
          lang: "en",
          subject: null,
          body: "You are in line",
          dedupeKey: `test-send:${sends}`,
          // Never due for the app's own sender: this helper sends it.
          nextAttemptAt: new Date("2999-01-01T00:00:00Z"),
        },
      ]);
      const sent = await provider.send({
        messageId: id!,
        to: visit.phone,
        body: "You are in line",
      });
      await t.db
        .update(messages)
        .set({
          status: sent.status,
          provider: provider.name,
          providerMessageId: sent.providerMessageId,
          sentAt: new Date(),
        })
        .where(eq(messages.id, id!));
      return { messageId: id!, sid: sent.providerMessageId };
    },
    /** the visitor texts the sending number */
    text(from: string, body: string, options: { messageSid?: string } = {}) {
      return twilio.reply(appUrl, PUBLIC_URL, from, SENDING_NUMBER, body, options);
    },
    async close() {
      await t.close();
      await twilio.close();
    },
  };
}

export type SmsWorld = Awaited<ReturnType<typeof startSmsWorld>>;
export type { FakeTwilio };
