// The SMS provider SMS_PROVIDER names: "log" (development: the message log page is where the text
// is read) or "twilio" (Twilio's REST Messages API: a form-encoded POST with basic auth, its
// delivery reported later to the status callback). A refusal another attempt would not change is a
// PermanentDeliveryError; an outage, a rate limit or a timeout is a plain Error, retried.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import { PermanentDeliveryError, type SmsProvider } from "../channels.ts";

/** How long one call to Twilio may take before it counts as an outage. */
const TWILIO_TIMEOUT_MS = 10_000;

/**
 * Twilio's error codes for a message no retry would get through: the number is invalid, not a
 * mobile, unroutable or unverified, the region is not enabled, the recipient unsubscribed from the
 * sender, the body is empty or too long.
 */
const PERMANENT_TWILIO_CODES = new Set([
  21211, // invalid "To" number
  21217, // phone number does not appear valid
  21408, // permission to send to the region not enabled
  21602, // message body required
  21608, // unverified number (trial account)
  21610, // recipient unsubscribed (replied STOP)
  21612, // "To" unreachable from this "From"
  21614, // "To" is not a mobile number
  21617, // body exceeds the concatenated message limit
  21635, // "To" cannot be a landline
]);

export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === "twilio") return twilioProvider(config);
  return {
    name: "log",
    async send(sms) {
      // The body stays in the message log: the log file is no place for a visitor's texts.
      log.info({ messageId: sms.messageId, to: sms.to }, "SMS recorded (SMS_PROVIDER=log)");
      return { providerMessageId: `log-${sms.messageId}`, status: "delivered" };
    },
  };
}

type TwilioSettings = { sid: string; token: string; from: string };

function twilioSettings(config: Config): TwilioSettings {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from } = config;
  for (const [name, value] of [
    ["TWILIO_ACCOUNT_SID", sid],
    ["TWILIO_AUTH_TOKEN", token],
    ["TWILIO_FROM", from],
  ] as const) {
    if (!value) throw new Error(`SMS_PROVIDER=twilio needs ${name}`);
  }
  return { sid: sid!, token: token!, from: from! };
}

function twilioProvider(config: Config): SmsProvider {
  const { sid, token, from } = twilioSettings(config);
  const endpoint = `${config.TWILIO_API_BASE.replace(/\/$/, "")}/2010-04-01/Accounts/${sid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
  const statusCallback = `${config.PUBLIC_URL.replace(/\/$/, "")}/api/webhooks/twilio/status`;
  return {
    name: "twilio",
    async send(sms) {
      const form = new URLSearchParams({ To: sms.to, Body: sms.body });
      // A messaging service picks the sending number itself.
      form.set(from.startsWith("MG") ? "MessagingServiceSid" : "From", from);
      form.set("StatusCallback", statusCallback);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          authorization,
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: form,
        signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as TwilioAnswer | null;
      if (response.status === 201 || response.status === 200) {
        if (typeof answer?.sid !== "string") throw new Error("twilio: answer without a sid");
        return { providerMessageId: answer.sid, status: "sent" };
      }
      const reason = `twilio ${answer?.code ?? response.status}: ${answer?.message ?? response.statusText}`;
      if (
        response.status >= 400 &&
        response.status < 500 &&
        response.status !== 429 &&
        typeof answer?.code === "number" &&
        PERMANENT_TWILIO_CODES.has(answer.code)
      ) {
        throw new PermanentDeliveryError(reason);
      }
      throw new Error(reason);
    },
  };
}

/** Twilio's JSON: a Message resource on success, `{ code, message, more_info, status }` on error. */
type TwilioAnswer = { sid?: unknown; code?: unknown; message?: string };
