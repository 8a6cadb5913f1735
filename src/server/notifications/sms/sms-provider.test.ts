// The SMS providers: the log in development, Twilio's Messages API (against the loopback fake).
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTwilio, startFakeTwilio } from "../../../../test/fakes/fake-twilio.ts";
import { loadConfig } from "../../config.ts";
import { PermanentDeliveryError } from "../channels.ts";
import { createSmsProvider } from "./sms-provider.ts";

const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
const authToken = "fake-twilio-auth-token";

function config(env: Record<string, string>) {
  return loadConfig({
    DATA_DIR: "./data/test",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
    PUBLIC_URL: "https://line.example.com",
    ...env,
  });
}

function captureLog() {
  const lines: unknown[][] = [];
  const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe("the log SMS provider", () => {
  it("is the default, records the recipient but not the text, and counts as delivered", async () => {
    const { log, lines } = captureLog();
    const provider = createSmsProvider(config({}), log);
    expect(provider.name).toBe("log");
    const result = await provider.send({ messageId: 7, to: "+14155550123", body: "secret 1234" });
    expect(result).toEqual({ providerMessageId: "log-7", status: "delivered" });
    expect(JSON.stringify(lines)).toContain("+14155550123");
    expect(JSON.stringify(lines)).not.toContain("secret 1234");
  });
});

describe("the Twilio SMS provider", () => {
  let fake: FakeTwilio;
  const twilioEnv = () => ({
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM: "+15005550006",
    TWILIO_API_BASE: fake.apiBase,
  });
  const twilio = (env: Record<string, string> = {}) =>
    createSmsProvider(config({ ...twilioEnv(), ...env }), captureLog().log);

  beforeAll(async () => {
    fake = await startFakeTwilio({ authToken, accountSid });
  });
  afterAll(() => fake.close());

  it("refuses to start without each of its settings, naming the missing one", () => {
    // The configuration refuses it first; the provider does not rely on that.
    for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
      const env: Record<string, string> = { ...twilioEnv() };
      delete env[name];
      expect(() => config(env)).toThrow(name);
      const unchecked = { ...config(twilioEnv()), [name]: undefined };
      expect(() => createSmsProvider(unchecked, captureLog().log)).toThrow(name);
    }
  });

  it("sends through the Messages API with the status callback and answers the message's sid", async () => {
    const result = await twilio().send({ messageId: 1, to: "+14155550123", body: "You're up" });
    expect(result.status).toBe("sent");
    expect(result.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(fake.sent.at(-1)).toEqual({
      to: "+14155550123",
      from: "+15005550006",
      body: "You're up",
      statusCallback: "https://line.example.com/api/webhooks/twilio/status",
      sid: result.providerMessageId,
    });
  });

  it("sends through a messaging service when TWILIO_FROM is one", async () => {
    const service = `MG${"abcdef0123456789".repeat(2)}`;
    await twilio({ TWILIO_FROM: service }).send({ messageId: 2, to: "+14155550124", body: "Hi" });
    expect(fake.sent.at(-1)?.from).toBe(service);
  });

  it("fails an invalid number for good (400, 21211)", async () => {
    fake.failNext(400, 21211);
    const sending = twilio().send({ messageId: 3, to: "+1415", body: "Hi" });
    await expect(sending).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(sending).rejects.toThrow(/^twilio 21211: /);
  });

  it("fails a recipient who unsubscribed for good (400, 21610)", async () => {
    fake.failNext(400, 21610);
    await expect(
      twilio().send({ messageId: 4, to: "+14155550125", body: "Hi" }),
    ).rejects.toBeInstanceOf(PermanentDeliveryError);
  });

  it("leaves an outage, a rate limit and bad credentials to be retried", async () => {
    for (const [status, code] of [
      [500, undefined],
      [503, undefined],
      [429, 20429],
    ] as const) {
      fake.failNext(status, code);
      const sending = twilio().send({ messageId: 5, to: "+14155550126", body: "Hi" });
      await expect(sending).rejects.toThrow(/^twilio /);
      await expect(sending).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    }
    const wrongToken = twilio({ TWILIO_AUTH_TOKEN: "not-the-right-token" });
    const refused = wrongToken.send({ messageId: 6, to: "+14155550126", body: "Hi" });
    await expect(refused).rejects.toThrow("twilio 20003");
    await expect(refused).rejects.not.toBeInstanceOf(PermanentDeliveryError);
  });

  it("leaves a provider it cannot reach to be retried", async () => {
    const provider = twilio({ TWILIO_API_BASE: "http://127.0.0.1:9" });
    const sending = provider.send({ messageId: 8, to: "+14155550127", body: "Hi" });
    await expect(sending).rejects.toThrow();
    await expect(sending).rejects.not.toBeInstanceOf(PermanentDeliveryError);
  });
});
