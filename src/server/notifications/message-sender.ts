// Sends what is queued in `messages`: every node (and the worker) runs one. It claims due rows
// (`for update skip locked`, so nodes never take the same message), checks each against the world
// as it is now — the visit may have moved on, the number may have replied STOP, the location may be
// in its quiet hours, the number may have had its hour's share of texts — and hands it to its
// channel. A provider that is down is retried with backoff; a refusal that another attempt would
// not change fails the message at once. A node that dies mid-send loses nothing: its claim lapses
// and the message is claimed again (the one case a message can go twice: the provider took it and
// the node died before recording so; an email's Message-ID is the same on both).
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { LOCALES, type Locale } from "../../shared/domain.ts";
import type { MessageChannel } from "../../shared/notifications/message-kinds.ts";
import { effectiveNotificationSettings } from "../../shared/notifications/settings.ts";
import { parseTheme, parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { Config } from "../config.ts";
import { type Db, executeRows } from "../db/client.ts";
import {
  appointments,
  locations,
  messages,
  queueAppointments,
  smsOptOuts,
  vendors,
} from "../db/schema.ts";
import {
  type EmailAttachment,
  type EmailTransport,
  PermanentDeliveryError,
  type SmsProvider,
} from "./channels.ts";
import type { EmailHtmlInput } from "./email/render-email-html.ts";
import { quietHoursEnd } from "./quiet-hours.ts";

export type MessageSenderOptions = {
  db: Db;
  config: Pick<Config, "MAIL_FROM">;
  email: EmailTransport;
  sms: SmsProvider;
  /** the HTML and plain-text parts of an email from its body */
  renderEmail: { html(input: EmailHtmlInput): string; text(body: string): string };
  log: FastifyBaseLogger;
  /** an appointment's calendar file, as it is when its email is sent (null: the appointment is gone) */
  appointmentCalendar?: (appointmentId: number) => Promise<EmailAttachment | null>;
  /** a visit's messages changed (sent, failed, delivered): the lobby shows them */
  onVisitMessagesChanged?: (change: {
    vendorId: number;
    locationId: number;
    queueAppointmentId: number;
  }) => void;
  now?: () => Date;
  /** how many messages one claim takes */
  batchSize?: number;
  /** how many of them are in flight at once */
  concurrency?: number;
  pollMs?: number;
  /** how long a claim is this node's before another may take the message over */
  leaseMs?: number;
  /** attempts before a message that keeps failing is given up as failed */
  maxAttempts?: number;
};

type ClaimedRow = {
  id: string | number;
  vendor_id: number;
  location_id: number | null;
  queue_appointment_id: number | null;
  appointment_id: number | null;
  channel: MessageChannel;
  kind: string;
  recipient: string;
  lang: string;
  subject: string | null;
  body: string;
  attempts: number;
};

type Outcome =
  | { status: "sent" | "delivered"; provider: string; providerMessageId: string }
  | { status: "failed"; reason: string; provider?: string }
  | { status: "suppressed"; reason: string }
  | { status: "held"; until: Date; reason: "quiet_hours" }
  | { status: "queued"; until: Date; reason: string; countsAsAttempt: boolean };

const asLocale = (lang: string): Locale =>
  (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : "en";

/**
 * Which phases of a visit a visitor message still makes sense in (a status, or "called": waiting
 * with a call to a desk); other kinds always do.
 */
const STILL_RELEVANT: Record<string, readonly string[]> = {
  joined: ["waiting", "called", "in_progress"],
  curbside_arrival_prompt: ["waiting", "called"],
  almost_turn: ["waiting"],
  called_in_person: ["called", "in_progress"],
  called_phone: ["called", "in_progress"],
  called_video: ["called", "in_progress"],
  called_curbside: ["called", "in_progress"],
  returned: ["waiting"],
  cancelled: ["cancelled"],
  no_show: ["no_show"],
  completed: ["completed"],
  long_wait_alert: ["waiting", "called"],
};

/**
 * Which appointment statuses (spec §4: 4 cancelled) a message about a booked appointment still
 * makes sense in: no "booked" or "moved" once it is cancelled, no "cancelled" for one that stands.
 */
const CANCELLED_APPOINTMENT = 4;
const STILL_RELEVANT_APPOINTMENT: Record<string, (status: number) => boolean> = {
  appointment_booked: (status) => status !== CANCELLED_APPOINTMENT,
  appointment_rescheduled: (status) => status !== CANCELLED_APPOINTMENT,
  appointment_cancelled: (status) => status === CANCELLED_APPOINTMENT,
  // only for an appointment that still stands and has not started (1: confirmed)
  appointment_reminder: (status) => status === 1,
};

/** 2 s, 4 s, 8 s … capped at ten minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(600_000, 1_000 * 2 ** Math.max(1, attempts));
}

export type MessageSender = ReturnType<typeof createMessageSender>;

export function createMessageSender(options: MessageSenderOptions) {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 128;
  const concurrency = options.concurrency ?? 32;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 10;

  let stopped = true;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const idleWaiters: (() => void)[] = [];

  async function claim(): Promise<ClaimedRow[]> {
    const at = now();
    return executeRows<ClaimedRow>(
      db,
      sql`
      update messages set status = 'sending', attempts = attempts + 1, updated_at = ${at},
        next_attempt_at = ${new Date(at.getTime() + leaseMs)}
      where id in (
        select id from messages
        where status in ('queued', 'held', 'sending') and next_attempt_at <= ${at}
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked
      )
      returning id, vendor_id, location_id, queue_appointment_id, appointment_id, channel, kind,
        recipient, lang, subject, body, attempts`,
    );
  }

  /** What the batch needs to know of its vendors, locations and visits, read once. */
  async function contextOf(rows: readonly ClaimedRow[]) {
    const vendorIds = [...new Set(rows.map((row) => row.vendor_id))];
    const locationIds = [
      ...new Set(rows.flatMap((row) => (row.location_id === null ? [] : [row.location_id]))),
    ];
    const visitIds = [
      ...new Set(
        rows.flatMap((row) =>
          row.queue_appointment_id === null ? [] : [row.queue_appointment_id],
        ),
      ),
    ];
    const appointmentIds = [
      ...new Set(rows.flatMap((row) => (row.appointment_id === null ? [] : [row.appointment_id]))),
    ];
    const phones = [
      ...new Set(rows.filter((row) => row.channel === "sms").map((row) => row.recipient)),
    ];
    const hourAgo = new Date(now().getTime() - 3_600_000);
    const [vendorRows, locationRows, visitRows, appointmentRows, stops, recentTexts] =
      await Promise.all([
        db
          .select({
            id: vendors.id,
            name: vendors.name,
            settings: vendors.settings,
            theme: vendors.theme,
          })
          .from(vendors)
          .where(inArray(vendors.id, vendorIds)),
        locationIds.length === 0
          ? []
          : db
              .select({
                id: locations.id,
                timezone: locations.timezone,
                notificationSettings: locations.notificationSettings,
              })
              .from(locations)
              .where(inArray(locations.id, locationIds)),
        visitIds.length === 0
          ? []
          : db
              .select({
                id: queueAppointments.id,
                status: queueAppointments.status,
                calledAt: queueAppointments.calledAt,
              })
              .from(queueAppointments)
              .where(inArray(queueAppointments.id, visitIds)),
        appointmentIds.length === 0
          ? []
          : db
              .select({ id: appointments.id, status: appointments.status })
              .from(appointments)
              .where(inArray(appointments.id, appointmentIds)),
        phones.length === 0
          ? []
          : db
              .select({ vendorId: smsOptOuts.vendorId, phone: smsOptOuts.phone })
              .from(smsOptOuts)
              .where(inArray(smsOptOuts.phone, phones)),
        phones.length === 0
          ? []
          : db
              .select({
                vendorId: messages.vendorId,
                recipient: messages.recipient,
                sentAt: messages.sentAt,
              })
              .from(messages)
              .where(
                and(
                  eq(messages.channel, "sms"),
                  eq(messages.direction, "outbound"),
                  inArray(messages.recipient, phones),
                  gte(messages.sentAt, hourAgo),
                ),
              ),
      ]);
    // Each number's texts of the last hour, oldest first; the batch adds what it sends.
    const textsWithinHour = new Map<string, Date[]>();
    for (const text of recentTexts) {
      const key = `${text.vendorId} ${text.recipient}`;
      textsWithinHour.set(key, [...(textsWithinHour.get(key) ?? []), text.sentAt!]);
    }
    for (const times of textsWithinHour.values()) times.sort((a, b) => a.getTime() - b.getTime());
    const vendorById = new Map(
      vendorRows.map((vendor) => [
        vendor.id,
        {
          name: vendor.name,
          settings: parseVendorSettings(vendor.settings),
          theme: parseTheme(vendor.theme),
        },
      ]),
    );
    return {
      vendorById,
      locationById: new Map(locationRows.map((location) => [location.id, location])),
      visitStatus: new Map(
        visitRows.map((visit) => [
          visit.id,
          visit.status === "waiting" && visit.calledAt !== null ? "called" : visit.status,
        ]),
      ),
      appointmentStatus: new Map(appointmentRows.map((row) => [row.id, row.status])),
      optedOut: new Set(stops.map((stop) => `${stop.vendorId} ${stop.phone}`)),
      textsWithinHour,
    };
  }

  type Context = Awaited<ReturnType<typeof contextOf>>;

  async function attempt(row: ClaimedRow, context: Context): Promise<Outcome> {
    const at = now();
    const vendor = context.vendorById.get(row.vendor_id);
    if (!vendor) return { status: "failed", reason: "vendor_missing" };
    const relevant = STILL_RELEVANT[row.kind];
    if (relevant && row.queue_appointment_id !== null) {
      const status = context.visitStatus.get(row.queue_appointment_id);
      if (!status || !relevant.includes(status))
        return { status: "suppressed", reason: "no_longer_relevant" };
    }
    const appointmentRelevant = STILL_RELEVANT_APPOINTMENT[row.kind];
    if (appointmentRelevant && row.appointment_id !== null) {
      const status = context.appointmentStatus.get(row.appointment_id);
      if (status === undefined || !appointmentRelevant(status))
        return { status: "suppressed", reason: "no_longer_relevant" };
    }
    if (row.channel === "sms") {
      if (
        context.optedOut.has(`${row.vendor_id} ${row.recipient}`) &&
        row.kind !== "stop_confirmed"
      )
        return { status: "suppressed", reason: "opted_out" };
      const location = row.location_id === null ? null : context.locationById.get(row.location_id);
      const settings = effectiveNotificationSettings(
        vendor.settings.notifications,
        location?.notificationSettings,
      );
      if (location) {
        const until = quietHoursEnd(at, settings.quiet_hours, location.timezone);
        if (until) return { status: "held", until, reason: "quiet_hours" };
      }
      const hourAgo = at.getTime() - 3_600_000;
      const recent = (
        context.textsWithinHour.get(`${row.vendor_id} ${row.recipient}`) ?? []
      ).filter((sentAt) => sentAt.getTime() >= hourAgo);
      if (recent.length >= settings.sms_per_number_per_hour) {
        const oldest = recent[recent.length - settings.sms_per_number_per_hour]!;
        return {
          status: "queued",
          until: new Date(oldest.getTime() + 3_600_000),
          reason: "throttled",
          countsAsAttempt: false,
        };
      }
    }
    try {
      if (row.channel === "email") {
        const subject = row.subject ?? vendor.name;
        const calendar =
          row.appointment_id !== null && options.appointmentCalendar
            ? await options.appointmentCalendar(row.appointment_id)
            : null;
        const sent = await options.email.send({
          messageId: Number(row.id),
          to: row.recipient,
          from: options.config.MAIL_FROM,
          subject,
          text: options.renderEmail.text(row.body),
          html: options.renderEmail.html({
            lang: asLocale(row.lang),
            subject,
            body: row.body,
            vendor: {
              name: vendor.name,
              logoUrl: vendor.theme.logo_url,
              primaryColour: vendor.theme.primary_colour,
            },
          }),
          lang: row.lang,
          ...(calendar ? { attachments: [calendar] } : {}),
        });
        return { status: "sent", provider: options.email.name, ...sent };
      }
      const sent = await options.sms.send({
        messageId: Number(row.id),
        to: row.recipient,
        body: row.body,
      });
      // One number's texts go one after another within a batch: the next sees this one.
      const key = `${row.vendor_id} ${row.recipient}`;
      context.textsWithinHour.set(key, [...(context.textsWithinHour.get(key) ?? []), at]);
      return {
        status: sent.status,
        provider: options.sms.name,
        providerMessageId: sent.providerMessageId,
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentDeliveryError) return { status: "failed", reason };
      if (row.attempts >= maxAttempts) return { status: "failed", reason: `gave up: ${reason}` };
      log.warn(
        { err: error, messageId: row.id, attempts: row.attempts },
        "message not sent; it will be retried",
      );
      return {
        status: "queued",
        until: new Date(at.getTime() + retryDelayMs(row.attempts)),
        reason,
        countsAsAttempt: true,
      };
    }
  }

  async function record(row: ClaimedRow, outcome: Outcome) {
    const at = now();
    const id = Number(row.id);
    const where = and(eq(messages.id, id), eq(messages.status, "sending"));
    switch (outcome.status) {
      case "sent":
      case "delivered":
        await db
          .update(messages)
          .set({
            status: outcome.status,
            statusReason: null,
            provider: outcome.provider,
            providerMessageId: outcome.providerMessageId,
            sentAt: at,
            ...(outcome.status === "delivered" ? { deliveredAt: at } : {}),
            updatedAt: at,
          })
          .where(where);
        break;
      case "failed":
      case "suppressed":
        await db
          .update(messages)
          .set({ status: outcome.status, statusReason: outcome.reason, updatedAt: at })
          .where(where);
        break;
      case "held":
        await db
          .update(messages)
          .set({
            status: "held",
            statusReason: outcome.reason,
            nextAttemptAt: outcome.until,
            attempts: sql`${messages.attempts} - 1`,
            updatedAt: at,
          })
          .where(where);
        break;
      case "queued":
        await db
          .update(messages)
          .set({
            status: "queued",
            statusReason: outcome.reason,
            nextAttemptAt: outcome.until,
            ...(outcome.countsAsAttempt ? {} : { attempts: sql`${messages.attempts} - 1` }),
            updatedAt: at,
          })
          .where(where);
        break;
    }
    if (row.queue_appointment_id !== null && row.location_id !== null)
      options.onVisitMessagesChanged?.({
        vendorId: row.vendor_id,
        locationId: row.location_id,
        queueAppointmentId: row.queue_appointment_id,
      });
  }

  /** One claim's messages, a few at a time. True when the claim was full (more may be due). */
  async function sendBatch(): Promise<boolean> {
    const rows = await claim();
    if (rows.length === 0) return false;
    const context = await contextOf(rows);
    // One number's texts go one after another, so its hourly share is counted right; the rest
    // go side by side, a few at a time.
    const groups = new Map<string, ClaimedRow[]>();
    for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      const key = row.channel === "sms" ? `sms ${row.vendor_id} ${row.recipient}` : `id ${row.id}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const queue = [...groups.values()];
    const lanes = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        for (const row of group) {
          try {
            await record(row, await attempt(row, context));
          } catch (error) {
            // Not recorded: the claim lapses and the message is tried again.
            log.error({ err: error, messageId: row.id }, "recording a message's outcome failed");
          }
        }
      }
    });
    await Promise.all(lanes);
    return rows.length === batchSize;
  }

  async function pass() {
    try {
      while (!stopped && (await sendBatch())) {}
    } catch (error) {
      log.warn({ err: error }, "sending messages failed; retrying shortly");
    }
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
      for (const resolve of idleWaiters.splice(0)) resolve();
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    /** Messages were queued: send them now rather than at the next poll. */
    wake,
    /** Resolves when nothing due now is left unsent (tests, benchmarks). */
    async drain() {
      for (;;) {
        if (running) await new Promise<void>((resolve) => idleWaiters.push(resolve));
        const due = await executeRows(
          db,
          sql`select 1 from messages where status in ('queued', 'sending') and next_attempt_at <= ${now()} limit 1`,
        );
        if (due.length === 0 || stopped) return;
        wake();
        if (!running) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (running) await running;
    },
  };
}
