// A node's notification runtime: the email transport, the SMS provider and the message sender that
// uses them, built alike by every web node (buildApp) and the worker (worker.ts). The sender runs
// where jobs are worked: the handlers that queue messages run there too.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { appointmentCalendarAttachment } from "./appointment-attachment.ts";
import type { EmailTransport, SmsProvider } from "./channels.ts";
import type { SiteLinks } from "./compose-visitor-messages.ts";
import { createEmailTransport } from "./email/email-transport.ts";
import { renderEmailHtml, renderEmailText } from "./email/render-email-html.ts";
import { createMessageSender, type MessageSender } from "./message-sender.ts";
import { createSmsProvider } from "./sms/sms-provider.ts";

export type Notifications = {
  email: EmailTransport;
  sms: SmsProvider;
  sender: MessageSender;
  /** where the links in messages point: the deployment's address and its default vendor */
  site: SiteLinks;
  start(): void;
  stop(): Promise<void>;
};

export function createNotifications(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** run the sender here (the node works jobs) */
  send: boolean;
  onVisitMessagesChanged?: (change: {
    vendorId: number;
    locationId: number;
    queueAppointmentId: number;
  }) => void;
}): Notifications {
  const { db, config, log } = deps;
  const email = createEmailTransport(config, log);
  const sms = createSmsProvider(config, log);
  const site = { publicUrl: config.PUBLIC_URL, defaultVendor: config.DEFAULT_VENDOR };
  const sender = createMessageSender({
    db,
    config,
    email,
    sms,
    renderEmail: {
      html: (input) =>
        renderEmailHtml({
          ...input,
          lang: input.lang as Parameters<typeof renderEmailHtml>[0]["lang"],
        }),
      text: renderEmailText,
    },
    log,
    appointmentCalendar: (appointmentId) => appointmentCalendarAttachment(db, site, appointmentId),
    ...(deps.onVisitMessagesChanged ? { onVisitMessagesChanged: deps.onVisitMessagesChanged } : {}),
  });
  return {
    email,
    sms,
    sender,
    site,
    start() {
      if (deps.send) sender.start();
    },
    async stop() {
      await sender.stop();
      await email.close();
    },
  };
}
