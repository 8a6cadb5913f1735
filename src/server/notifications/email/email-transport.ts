// The email channel: nodemailer's pooled SMTP transport to SMTP_URL, or, without one, the server
// log (subject and recipient only: a body may hold a link with a secret). An SMTP server's 5xx
// refusal is permanent; a 4xx, a timeout or a dropped connection is worth another attempt.
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type NodemailerError } from "nodemailer";
import type { Config } from "../../config.ts";
import { type EmailTransport, type OutgoingEmail, PermanentDeliveryError } from "../channels.ts";

/** The domain of MAIL_FROM's address ("Nextline <no-reply@q.example>" → "q.example"). */
export function mailDomainOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const at = address.lastIndexOf("@");
  const domain = at === -1 ? "" : address.slice(at + 1).trim();
  return domain === "" ? "localhost" : domain;
}

/** The Message-ID of a messages row: the same on every attempt, so a resend is recognisable. */
export const messageIdHeader = (messageId: number, domain: string) =>
  `<message-${messageId}@${domain}>`;

/** True for an SMTP reply that another attempt would get again (5xx, except 503 bad sequence). */
function isPermanentRefusal(error: unknown): error is NodemailerError {
  if (!(error instanceof Error)) return false;
  const smtp = error as NodemailerError;
  if (typeof smtp.permanent === "boolean") return smtp.permanent;
  const code = smtp.responseCode;
  return typeof code === "number" && code >= 500 && code < 600 && code !== 503;
}

function smtpTransport(url: string, domain: string, log: FastifyBaseLogger): EmailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 5,
    maxMessages: 100,
    // An SMTP server that does not answer must not hold a job for minutes: the attempt fails and
    // is retried with backoff instead.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  });
  return {
    name: "smtp",
    async send(email: OutgoingEmail) {
      try {
        const info = await transporter.sendMail({
          from: email.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: messageIdHeader(email.messageId, domain),
          headers: { "Content-Language": email.lang },
          ...(email.attachments?.length
            ? {
                attachments: email.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: file.content,
                })),
              }
            : {}),
        });
        return { providerMessageId: info.messageId };
      } catch (error) {
        if (isPermanentRefusal(error)) {
          throw new PermanentDeliveryError(
            `${error.responseCode ?? ""} ${error.response ?? error.message}`.trim(),
            { cause: error },
          );
        }
        log.warn({ err: error, messageId: email.messageId }, "SMTP delivery failed; to retry");
        throw error;
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/** Development without a mail server: the email is noted in the log, its body never. */
function logTransport(log: FastifyBaseLogger): EmailTransport {
  return {
    name: "log",
    async send(email: OutgoingEmail) {
      log.info(
        { messageId: email.messageId, to: email.to, subject: email.subject },
        "email (no SMTP_URL: logged, not sent)",
      );
      return { providerMessageId: `log-${email.messageId}` };
    },
    async close() {},
  };
}

export function createEmailTransport(config: Config, log: FastifyBaseLogger): EmailTransport {
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, mailDomainOf(config.MAIL_FROM), log)
    : logTransport(log);
}
