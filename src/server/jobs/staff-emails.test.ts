// The emails about a staff member's own account, through the real app, the job queue and a real
// SMTP server on loopback: password reset, failed sign-ins, invitation.
import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createStaffUser,
  createStaffWorld,
  type StaffWorld,
  signInAs,
  uniqueRemoteAddress,
} from "../../../test/factories/staff.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/fakes/smtp-sink.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { type Locale, ROLES } from "../../shared/domain.ts";
import { renderTemplate } from "../../shared/notifications/render-template.ts";
import { DELIVER_PASSWORD_RESET } from "../auth/password-resets.ts";
import { hashToken } from "../auth/session-token.ts";
import { REPORT_AFTER_FAILURES } from "../auth/sign-in-throttle.ts";
import { INVITATION_TOKEN_TTL_MS, queueStaffInvitation } from "../auth/staff-invitations.ts";
import { messages, passwordResetTokens, users } from "../db/schema.ts";
import type { DispatchedEvent } from "../events/outbox.ts";
import { createEmailTransport } from "../notifications/email/email-transport.ts";
import { renderEmailHtml, renderEmailText } from "../notifications/email/render-email-html.ts";
import { createMessageSender } from "../notifications/message-sender.ts";
import { defaultTemplate } from "../notifications/templates/default-templates.ts";
import { deliverPasswordResetTask } from "./deliver-password-reset.ts";
import { taskQueue } from "./job-task.ts";
import { notifySignInFailuresHandler } from "./notify-sign-in-failures.ts";

const WAIT = { timeout: 15_000, interval: 50 };

describe("staff account emails", () => {
  let sink: SmtpSink;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let home: StaffWorld;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({
      seed: false,
      env: { SMTP_URL: sink.url, MAIL_FROM: "Nextline <no-reply@mail.nextline.test>" },
      deps: { jobRetry: { retryLimit: 3, retryDelay: 1, retryBackoff: false } },
    });
    home = await createStaffWorld(t.db);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  async function staffIn(lang: Locale, names = { firstName: "Amélie", lastName: "Roux" }) {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    await t.db
      .update(users)
      .set({ lang, ...names })
      .where(eq(users.id, account.id));
    return account;
  }

  const emailsTo = (address: string) =>
    sink.messages.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);

  const waitForEmailTo = (address: string) =>
    vi.waitFor(() => {
      const found = emailsTo(address);
      expect(found.length).toBeGreaterThan(0);
      return found[0]!;
    }, WAIT);

  /** The link of a kind in the plain-text part, and its token. */
  function linkIn(mail: ParsedMail, path: string) {
    const link = (mail.text ?? "").match(/https?:\/\/\S+/g)?.find((url) => url.includes(path));
    if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
    return { link, token: new URL(link).searchParams.get("token") ?? "" };
  }

  const requestReset = (email: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/internal/v1/password-resets",
      headers: { host: home.vendor.host },
      remoteAddress: uniqueRemoteAddress(),
      payload: { email },
    });

  const completeReset = (token: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/internal/v1/password-resets/${token}`,
      headers: { host: home.vendor.host },
      remoteAddress: uniqueRemoteAddress(),
      payload: { password },
    });

  const rowsTo = (address: string) =>
    t.db.select().from(messages).where(eq(messages.recipient, address));

  /** Resolves once every reset job of the account has finished, so no further email can come. */
  const resetJobsSettled = (userId: number) =>
    vi.waitFor(async () => {
      const jobs = await t.app.jobs.boss.findJobs<{ userId: number | null }>(
        taskQueue(DELIVER_PASSWORD_RESET),
      );
      const own = jobs.filter((job) => job.data.userId === userId);
      expect(own.length).toBeGreaterThan(0);
      expect(own.map((job) => job.state)).toEqual(own.map(() => "completed"));
    }, WAIT);

  it("emails a reset link to the account in its language, which sets the new password, and stores no token", async () => {
    const account = await staffIn("fr");
    expect((await requestReset(account.email)).statusCode).toBe(202);
    const mail = await waitForEmailTo(account.email);

    const wording = defaultTemplate("password_reset", "email", "fr")!;
    expect(mail.subject).toBe(
      renderTemplate(wording.subject!, { vendor: `Vendor ${home.vendor.slug}` }),
    );
    expect(mail.headers.get("content-language")).toBe("fr");
    expect(mail.html).toContain('<html lang="fr"');
    expect(mail.from?.text).toBe('"Nextline" <no-reply@mail.nextline.test>');
    expect(mail.text).toContain("Amélie");
    const { link, token } = linkIn(mail, "/reset-password");
    expect(new URL(link).hostname).toBe(home.vendor.host);
    expect(mail.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);

    expect((await completeReset(token, "a fresh harbour lantern")).statusCode).toBe(204);
    await signInAs(
      t.app,
      { email: account.email, password: "a fresh harbour lantern" },
      home.vendor.host,
    );

    const rows = await rowsTo(account.email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      kind: "password_reset",
      channel: "email",
      status: "sent",
      provider: "smtp",
      providerMessageId: mail.messageId,
      userId: account.id,
      lang: "fr",
      subject: mail.subject,
    });
    expect(mail.messageId).toBe(`<message-${row!.id}@mail.nextline.test>`);
    expect(row!.body).toContain("([link])");
    expect(row!.body).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain("token=");
  });

  it("retries after a 4xx from the mail server and delivers the email once", async () => {
    const account = await staffIn("es");
    sink.failNext(451);
    expect((await requestReset(account.email)).statusCode).toBe(202);
    const mail = await waitForEmailTo(account.email);
    await resetJobsSettled(account.id);
    expect(emailsTo(account.email)).toHaveLength(1);

    const rows = await rowsTo(account.email);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([["sent", 2]]);
    expect(mail.messageId).toBe(`<message-${rows[0]!.id}@mail.nextline.test>`);
    // The link of the attempt that got through is the one that works.
    expect(
      (await completeReset(linkIn(mail, "/reset-password").token, "another fine secret"))
        .statusCode,
    ).toBe(204);
  });

  it("sends a request's email once when its job runs again after sending", async () => {
    const account = await staffIn("ru");
    const email = createEmailTransport(t.app.config, t.app.log);
    const task = deliverPasswordResetTask({
      db: t.db,
      config: t.app.config,
      log: t.app.log,
      email,
      site: { publicUrl: t.app.config.PUBLIC_URL, defaultVendor: t.app.config.DEFAULT_VENDOR },
      wakeSender: () => t.app.messageSender.wake(),
    });
    const job = {
      userId: account.id,
      vendorId: home.vendor.id,
      requestHost: home.vendor.host,
      deliveryId: randomUUID(),
    };
    await task.run(job);
    await task.run(job);
    await email.close();
    // The sink accepts an email before the server's answer lets the send resolve.
    const mails = emailsTo(account.email);
    expect(mails).toHaveLength(1);
    const rows = await rowsTo(account.email);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([["sent", 1]]);
    // Only the emailed link was ever made: the second run issued none.
    expect(
      (await completeReset(linkIn(mails[0]!, "/reset-password").token, "one more fine secret"))
        .statusCode,
    ).toBe(204);
  });

  it("gives up at once when the mail server refuses the address for good, recording why", async () => {
    const account = await staffIn("en");
    sink.failNext(550);
    expect((await requestReset(account.email)).statusCode).toBe(202);
    await resetJobsSettled(account.id);
    expect(emailsTo(account.email)).toHaveLength(0);
    const rows = await rowsTo(account.email);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([["failed", 1]]);
    expect(rows[0]!.statusReason).toMatch(/^550 /);
  });

  it("queues one failed-sign-ins email to the account's owner per event, even when the handler runs twice", async () => {
    const account = await staffIn("pl", { firstName: "Ola", lastName: "Nowak" });
    for (let i = 0; i < REPORT_AFTER_FAILURES; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/internal/v1/session",
        headers: { host: home.vendor.host },
        remoteAddress: `10.78.${account.id % 250}.${Math.floor(i / 2)}`,
        payload: { email: account.email, password: "not-the-password" },
      });
      expect(res.statusCode).toBe(401);
    }
    const [row] = await vi.waitFor(async () => {
      const rows = await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.recipient, account.email), eq(messages.kind, "sign_in_failures")));
      expect(rows).toHaveLength(1);
      return rows;
    }, WAIT);
    const eventId = Number(/^event:(\d+):sign_in_failures:email$/.exec(row!.dedupeKey ?? "")?.[1]);
    expect(eventId).toBeGreaterThan(0);
    const wording = defaultTemplate("sign_in_failures", "email", "pl")!;
    const forgot = new URL("/forgot-password", t.app.config.PUBLIC_URL);
    forgot.hostname = home.vendor.host;
    forgot.searchParams.set("email", account.email);
    const vendor = `Vendor ${home.vendor.slug}`;
    expect(row).toMatchObject({
      vendorId: home.vendor.id,
      userId: account.id,
      channel: "email",
      status: "queued",
      lang: "pl",
      subject: renderTemplate(wording.subject!, { vendor }),
      body: renderTemplate(wording.body, {
        first_name: "Ola",
        vendor,
        failures: String(REPORT_AFTER_FAILURES),
        reset_link: forgot.toString(),
      }),
    });

    // The job run again for the same event (a retry after a crash) queues nothing more.
    const event: DispatchedEvent = {
      id: eventId,
      vendorId: home.vendor.id,
      type: "staff.sign_in_failures",
      aggregateType: "staff",
      aggregateId: account.id,
      payload: { failures: REPORT_AFTER_FAILURES },
      occurredAt: new Date(),
    };
    const handler = notifySignInFailuresHandler({ db: t.db, config: t.app.config });
    await handler.handle(event, { failures: REPORT_AFTER_FAILURES });
    await handler.handle(event, { failures: REPORT_AFTER_FAILURES });
    expect(
      await t.db
        .select({ id: messages.id })
        .from(messages)
        .where(like(messages.dedupeKey, `event:${eventId}:%`)),
    ).toHaveLength(1);

    // The message sender sends it once, its link a button to the forgot-password page.
    const email = createEmailTransport(t.app.config, t.app.log);
    const sender = createMessageSender({
      db: t.db,
      config: t.app.config,
      email,
      sms: {
        name: "log",
        send: async () => ({ providerMessageId: "unused", status: "delivered" }),
      },
      renderEmail: { html: renderEmailHtml, text: renderEmailText },
      log: t.app.log,
    });
    sender.start();
    await sender.drain();
    await sender.stop();
    await email.close();
    const mails = emailsTo(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers.get("content-language")).toBe("pl");
    expect(mails[0]!.html).toContain(`href="${forgot.toString().replace(/&/g, "&amp;")}"`);
    const [sent] = await rowsTo(account.email);
    expect(sent).toMatchObject({ status: "sent", provider: "smtp" });
  });

  it("emails an invitation naming the inviter, whose 7-day link sets the account's first password", async () => {
    const inviter = await staffIn("en", { firstName: "Grace", lastName: "Hopper" });
    const invited = await staffIn("ko", { firstName: "Minji", lastName: "Kim" });
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, invited.id));

    await queueStaffInvitation(t.app.jobs, {
      userId: invited.id,
      vendorId: home.vendor.id,
      invitedByUserId: inviter.id,
      requestHost: home.vendor.host,
    });
    const mail = await waitForEmailTo(invited.email);
    const wording = defaultTemplate("invitation", "email", "ko")!;
    expect(mail.subject).toBe(
      renderTemplate(wording.subject!, { vendor: `Vendor ${home.vendor.slug}` }),
    );
    expect(mail.headers.get("content-language")).toBe("ko");
    expect(mail.text).toContain("Grace Hopper");
    expect(mail.text).toContain("Minji");
    const { link, token } = linkIn(mail, "/reset-password");
    // The page the link opens says "Set your password", not "Set a new password".
    expect(new URL(link).searchParams.get("invite")).toBe("1");
    const [issued] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, hashToken(token)));
    expect(issued!.expiresAt.getTime() - issued!.createdAt.getTime()).toBe(INVITATION_TOKEN_TTL_MS);

    expect((await completeReset(token, "my very first secret")).statusCode).toBe(204);
    await signInAs(
      t.app,
      { email: invited.email, password: "my very first secret" },
      home.vendor.host,
    );
    const rows = await rowsTo(invited.email);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([["invitation", "sent"]]);
    expect(rows[0]!.body).not.toContain(token);
  });
});
