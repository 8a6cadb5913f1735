// Playwright fixture for the notification tests: a real SMTP server and a fake of Twilio's API on
// loopback, in the test worker itself (so a test reads what they received), and a real server of
// the product sending through them, on a fresh embedded database with the demo data, started on
// first use and stopped when the worker ends.
import { test as base } from "@playwright/test";
import { type FakeTwilio, startFakeTwilio } from "../test/fakes/fake-twilio.ts";
import { type SmtpSink, startSmtpSink } from "../test/fakes/smtp-sink.ts";
import { startProductServer } from "./server-process.ts";

export const SENDING_NUMBER = "+15005550006";
const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
const authToken = "e2e-twilio-auth-token";

export type NotificationsServer = {
  /** the product's origin (also its PUBLIC_URL) */
  url: string;
  sink: SmtpSink;
  twilio: FakeTwilio;
  /** the visitor at `from` texts the vendor's number, signed as Twilio signs */
  text(from: string, body: string): Promise<Response>;
};

export const test = base.extend<object, { notifications: NotificationsServer }>({
  notifications: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const sink = await startSmtpSink();
      const twilio = await startFakeTwilio({ authToken, accountSid });
      try {
        const server = await startProductServer({
          name: "notify",
          env: {
            SMTP_URL: sink.url,
            MAIL_FROM: "Northwind Bank <line@northwind.example>",
            SMS_PROVIDER: "twilio",
            TWILIO_ACCOUNT_SID: accountSid,
            TWILIO_AUTH_TOKEN: authToken,
            TWILIO_FROM: SENDING_NUMBER,
            TWILIO_API_BASE: twilio.apiBase,
          },
        });
        const { url } = server;
        twilio.appUrl = url;
        try {
          await use({
            url,
            sink,
            twilio,
            text: (from, body) => twilio.reply(url, url, from, SENDING_NUMBER, body),
          });
        } finally {
          await server.stop();
        }
      } finally {
        await sink.close();
        await twilio.close();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

export { expect } from "@playwright/test";
