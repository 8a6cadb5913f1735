// What the message sender needs of a channel: an email transport (SMTP through nodemailer, or the
// log) and an SMS provider (the log, or Twilio's REST API). Each says whether a failure is worth
// retrying: a refused address or number is failed at once, an outage is retried with backoff.

export type OutgoingEmail = {
  /** the messages row: the Message-ID header is made from it, so a resend is recognisable */
  messageId: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  lang: string;
  /** files sent with it (an appointment's calendar file) */
  attachments?: EmailAttachment[];
};

/** A file an email carries: its name, its MIME type with parameters, and its text. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

export type EmailTransport = {
  /** stored on the message as its provider: "smtp" or "log" */
  readonly name: string;
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
  close(): Promise<void>;
};

export type OutgoingSms = { messageId: number; to: string; body: string };

export type SmsProvider = {
  /** stored on the message as its provider: "log" or "twilio" */
  readonly name: string;
  /**
   * Hands the SMS to the provider. "sent" when the provider took it (delivery reported later
   * through its status callback); "delivered" when the provider is the end of the road (the log).
   */
  send(sms: OutgoingSms): Promise<{ providerMessageId: string; status: "sent" | "delivered" }>;
};

/** A refusal that another attempt would not change (invalid number, unknown address, opted out). */
export class PermanentDeliveryError extends Error {
  override readonly name = "PermanentDeliveryError";
}
