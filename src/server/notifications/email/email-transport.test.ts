import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../../../test/fakes/smtp-sink.ts";
import { loadConfig } from "../../config.ts";
import { type OutgoingEmail, PermanentDeliveryError } from "../channels.ts";
import { createEmailTransport, mailDomainOf } from "./email-transport.ts";

const config = (env: Record<string, string>) =>
  loadConfig({ SESSION_SECRET: "test-secret-test-secret-test-secret-0000", ...env });

const silent = { warn() {}, info() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

const email = (messageId: number, to = `ana.${messageId}@visitor.test`): OutgoingEmail => ({
  messageId,
  to,
  from: "Northwind Bank <no-reply@q.example>",
  subject: "It is your turn",
  text: "Please come to Desk 3.\n",
  html: "<p>Please come to Desk 3.</p>",
  lang: "pt-BR",
});

describe("SMTP email transport", () => {
  let sink: SmtpSink;
  let transport: ReturnType<typeof createEmailTransport>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    transport = createEmailTransport(
      config({ SMTP_URL: sink.url, MAIL_FROM: "Nextline <no-reply@q.example>" }),
      silent,
    );
  });
  afterAll(async () => {
    await transport.close();
    await sink.close();
  });

  it("sends both parts with a Message-ID made from the message's row, its language and sender", async () => {
    expect(transport.name).toBe("smtp");
    const before = sink.messages.length;
    const { providerMessageId } = await transport.send(email(41));
    const [received] = (await sink.waitFor(before + 1)).slice(before);
    expect(received!.messageId).toBe("<message-41@q.example>");
    expect(providerMessageId).toBe("<message-41@q.example>");
    expect(received!.headers.get("content-language")).toBe("pt-BR");
    expect(received!.from?.text).toBe('"Northwind Bank" <no-reply@q.example>');
    expect(received!.to).toMatchObject({ text: "ana.41@visitor.test" });
    expect(received!.subject).toBe("It is your turn");
    expect(received!.text).toBe("Please come to Desk 3.\n");
    expect(received!.html).toBe("<p>Please come to Desk 3.</p>");
  });

  it("fails for good on a 5xx refusal and for another attempt on a 4xx", async () => {
    sink.failNext(550);
    const refused = await transport.send(email(42)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermanentDeliveryError);
    expect((refused as Error).message).toMatch(/^550 /);

    sink.failNext(451);
    const deferred = await transport.send(email(43)).catch((error: unknown) => error);
    expect(deferred).toBeInstanceOf(Error);
    expect(deferred).not.toBeInstanceOf(PermanentDeliveryError);

    sink.failNext(552, 1, "data");
    await expect(transport.send(email(44))).rejects.toBeInstanceOf(PermanentDeliveryError);

    const before = sink.messages.length;
    await transport.send(email(43));
    const after = await sink.waitFor(before + 1);
    expect(after.slice(before).map((m) => m.messageId)).toEqual(["<message-43@q.example>"]);
  });

  it("fails for another attempt when no server answers", async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const nowhere = createEmailTransport(config({ SMTP_URL: closed.url }), silent);
    const failure = await nowhere.send(email(45)).catch((error: unknown) => error);
    await nowhere.close();
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
  });
});

describe("log email transport", () => {
  it("logs the subject and recipient at info and never the body", async () => {
    const lines: { level: string; fields: unknown; message: unknown }[] = [];
    const record = (level: string) => (fields: unknown, message?: unknown) => {
      lines.push({ level, fields, message });
    };
    const log = {
      info: record("info"),
      warn: record("warn"),
      error: record("error"),
      debug: record("debug"),
    } as unknown as FastifyBaseLogger;
    const transport = createEmailTransport(config({}), log);
    expect(transport.name).toBe("log");
    const secret = email(7);
    secret.text = "https://q.example/reset-password?token=SECRET";
    secret.html = `<a href="${secret.text}">Reset</a>`;
    expect(await transport.send(secret)).toEqual({ providerMessageId: "log-7" });
    expect(lines.map((line) => line.level)).toEqual(["info"]);
    expect(lines[0]!.fields).toMatchObject({ to: secret.to, subject: secret.subject });
    expect(JSON.stringify(lines)).not.toContain("SECRET");
    await transport.close();
  });
});

describe("mailDomainOf", () => {
  it("takes the domain of MAIL_FROM's address, with or without a display name", () => {
    expect(mailDomainOf("Nextline <no-reply@q.example>")).toBe("q.example");
    expect(mailDomainOf("alerts@bank.example")).toBe("bank.example");
    expect(mailDomainOf("Nextline")).toBe("localhost");
  });
});
