// Playwright fixture for the whole journey of a new business: a real SMTP server on loopback, in the
// test worker itself (so the test reads the emails it received), and a real server of the product
// sending through it, on a fresh embedded database WITHOUT the demo data (SEED_DEMO=false), started
// on first use and stopped when the worker ends; the setup link is read from what the server prints
// at start.
import { test as base } from "@playwright/test";
import { type SmtpSink, startSmtpSink } from "../test/fakes/smtp-sink.ts";
import { startProductServer } from "./server-process.ts";

export type JourneyServer = {
  /** the product's origin (also its PUBLIC_URL) */
  url: string;
  /** the setup link the server printed */
  setupLink: string;
  /** every email the product sent */
  sink: SmtpSink;
};

const SETUP_LINK = /(https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/;

export const test = base.extend<object, { journeyServer: JourneyServer }>({
  journeyServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const sink = await startSmtpSink();
      try {
        const server = await startProductServer({
          name: "journey",
          env: {
            SEED_DEMO: "false",
            SMTP_URL: sink.url,
            MAIL_FROM: "Lakeside Credit Union <line@lakeside.example>",
            // No geocoder: coordinates are typed, and nothing leaves the machine.
            GEOCODER_URL: "",
          },
          echo: (chunk) => chunk.replace(/token=[A-Za-z0-9_-]+/g, "token=…"),
        });
        try {
          const setupLink = SETUP_LINK.exec(server.stderr())?.[1];
          if (!setupLink) throw new Error("the server printed no setup link");
          await use({ url: server.url, setupLink, sink });
        } finally {
          await server.stop();
        }
      } finally {
        await sink.close();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

export { expect } from "@playwright/test";
