// Twilio's webhooks (registered under /api/webhooks/twilio): the status callback of each SMS sent
// (POST /status, set per message by the provider) and the replies texted to the sending number
// (POST /inbound, the number's messaging webhook). Twilio posts forms, not JSON, and knows no CSRF
// token: each request is proven by its X-Twilio-Signature instead, and refused (403) without it.
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { errorResponses } from "../../http/json-api.ts";
import { handleInboundSms } from "./handle-inbound-sms.ts";
import { recordSmsStatus, type VisitMessagesChange } from "./record-sms-status.ts";
import { isValidTwilioSignature, TWILIO_SIGNATURE_HEADER } from "./twilio-signature.ts";

const FORM = "application/x-www-form-urlencoded";
/** No TwiML answer: replies to the visitor are sent through the API, so they are recorded and retried. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

// Twilio adds parameters over time: the ones read are required, the others pass (and are signed).
const statusForm = z.looseObject({
  MessageSid: z.string().min(1),
  MessageStatus: z.string().min(1),
  ErrorCode: z.string().optional(),
});
const inboundForm = z.looseObject({
  MessageSid: z.string().min(1),
  From: z.string().min(1),
  To: z.string(),
  Body: z.string(),
});

export const twilioWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to these routes: nowhere else does the product take forms.
  app.addContentTypeParser(
    FORM,
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, parseForm(body as string));
    },
  );
  const publicUrl = app.config.PUBLIC_URL.replace(/\/$/, "");

  /** Before validation: a forged request learns nothing of what the body should hold. */
  async function requireTwilioSignature(request: FastifyRequest) {
    const token = app.config.TWILIO_AUTH_TOKEN;
    const header = request.headers[TWILIO_SIGNATURE_HEADER];
    const params = request.body;
    // Signed over the address Twilio called: the public one, whatever proxies stand between.
    const url = `${publicUrl}${request.url}`;
    // Twilio posts forms: a body of another type (JSON, none) cannot be Twilio's.
    if (
      !token ||
      typeof header !== "string" ||
      !isFormFields(params) ||
      !isValidTwilioSignature(token, header, url, params)
    ) {
      throw new AppError("forbidden", {
        code: "signature_invalid",
        messageId: "Errors.signature_invalid",
      });
    }
  }

  /** The lobby shows a visit's messages on the visitor's details, as the sender announces them. */
  function announceVisitMessages(visit: VisitMessagesChange) {
    app.events.emit("queueAppointmentMessagesChanged", visit);
  }

  app.post(
    "/status",
    {
      preValidation: requireTwilioSignature,
      schema: {
        tags: ["webhooks"],
        summary: "Twilio's status callback of an SMS sent",
        consumes: [FORM],
        body: statusForm,
        response: { 204: z.null(), ...errorResponses(403, 415, 422) },
      },
    },
    async (request, reply) => {
      const form = request.body;
      const changed = await recordSmsStatus(app.database.db, {
        provider: "twilio",
        providerMessageId: form.MessageSid,
        status: form.MessageStatus,
        errorCode: form.ErrorCode,
      });
      for (const { visit } of changed) if (visit) announceVisitMessages(visit);
      // An unknown sid is no error of Twilio's: answered alike, so it is not retried.
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/inbound",
    {
      preValidation: requireTwilioSignature,
      schema: {
        tags: ["webhooks"],
        summary: "An SMS texted to the sending number (Twilio's messaging webhook)",
        consumes: [FORM],
        body: inboundForm,
        response: { 200: z.string(), ...errorResponses(403, 415, 422) },
      },
    },
    async (request, reply) => {
      const form = request.body;
      const outcome = await handleInboundSms({
        db: app.database.db,
        events: app.events,
        caches: app.caches,
        logger: request.log,
        site: { publicUrl: app.config.PUBLIC_URL, defaultVendor: app.config.DEFAULT_VENDOR },
        inbound: {
          from: form.From,
          to: form.To,
          body: form.Body,
          provider: "twilio",
          providerMessageId: form.MessageSid,
        },
      });
      // The answer goes now rather than at the sender's next poll.
      if (outcome.recorded && outcome.visit) announceVisitMessages(outcome.visit);
      if (outcome.recorded && outcome.answer) app.messageSender.wake();
      return reply.code(200).type("text/xml; charset=utf-8").send(EMPTY_TWIML);
    },
  );
};

function isFormFields(body: unknown): body is Record<string, string | string[]> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  return Object.values(body).every(
    (value) =>
      typeof value === "string" ||
      (Array.isArray(value) && value.every((one) => typeof one === "string")),
  );
}

/** The form's fields; a name given twice keeps every value (the signature covers them all). */
function parseForm(body: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields.get(name);
    fields.set(
      name,
      seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value],
    );
  }
  // fromEntries defines own properties: a field named __proto__ stays a field.
  return Object.fromEntries(fields);
}
