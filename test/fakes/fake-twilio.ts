// A loopback stand-in for Twilio's REST Messages API, for tests: a real HTTP server on 127.0.0.1
// that checks basic auth and the form fields, records each SMS and answers 201 with a Message
// resource as Twilio does; and, like Twilio, it signs the requests it makes to the app (replies to
// the number, status callbacks) with X-Twilio-Signature over the public URL the app believes.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  computeTwilioSignature,
  TWILIO_SIGNATURE_HEADER,
} from "../../src/server/notifications/sms/twilio-signature.ts";

export type FakeTwilioSms = {
  to: string;
  /** the sending number, or the messaging service SID */
  from: string;
  body: string;
  statusCallback: string | null;
  sid: string;
};

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

const newSid = (prefix: "SM") => `${prefix}${randomBytes(16).toString("hex")}`;

export async function startFakeTwilio(options: {
  authToken: string;
  accountSid: string;
  /** called as each SMS is accepted, with when (performance.now()): benchmarks time deliveries */
  onSms?: (sms: FakeTwilioSms, at: number) => void;
}) {
  const { authToken, accountSid } = options;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const sent: FakeTwilioSms[] = [];
  const failures: { status: number; code: number | undefined }[] = [];
  const waiters: { n: number; resolve: (sms: FakeTwilioSms[]) => void }[] = [];

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      answer(response, 500, { code: 20500, message: String(error), status: 500 });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (request.method !== "POST" || !match) {
      return answer(response, 404, {
        code: 20404,
        message: "The requested resource was not found",
        status: 404,
      });
    }
    if (request.headers.authorization !== expectedAuth || match[1] !== accountSid) {
      return answer(response, 401, { code: 20003, message: "Authenticate", status: 401 });
    }
    const form = new URLSearchParams(await readBody(request));
    const failure = failures.shift();
    if (failure) {
      return answer(response, failure.status, {
        code: failure.code ?? (failure.status >= 500 ? 20500 : 21211),
        message:
          failure.status >= 500
            ? "Internal Server Error"
            : "The 'To' number is not a valid phone number.",
        more_info: `https://www.twilio.com/docs/errors/${failure.code ?? failure.status}`,
        status: failure.status,
      });
    }
    if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      return answer(response, 415, { code: 20415, message: "Unsupported Media Type", status: 415 });
    }
    const to = form.get("To");
    const body = form.get("Body");
    const from = form.get("From") ?? form.get("MessagingServiceSid");
    if (!to)
      return answer(response, 400, {
        code: 21604,
        message: "A 'To' phone number is required.",
        status: 400,
      });
    if (!from)
      return answer(response, 400, {
        code: 21603,
        message: "A 'From' phone number is required.",
        status: 400,
      });
    if (!body)
      return answer(response, 400, {
        code: 21602,
        message: "Message body is required.",
        status: 400,
      });
    const sid = newSid("SM");
    const sms = { to, from, body, statusCallback: form.get("StatusCallback"), sid };
    sent.push(sms);
    options.onSms?.(sms, performance.now());
    for (const waiter of [...waiters]) {
      if (sent.length >= waiter.n) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...sent]);
      }
    }
    const now = new Date().toUTCString();
    answer(response, 201, {
      sid,
      account_sid: accountSid,
      to,
      from: form.has("From") ? from : null,
      messaging_service_sid: form.get("MessagingServiceSid"),
      body,
      status: "queued",
      num_segments: "1",
      num_media: "0",
      direction: "outbound-api",
      api_version: "2010-04-01",
      price: null,
      price_unit: "USD",
      error_code: null,
      error_message: null,
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  }

  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  /** POSTs form params to `target`, signed over `signedUrl` (the address the app believes it has). */
  async function signedPost(target: string, signedUrl: string, params: Record<string, string>) {
    return fetch(target, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded; charset=UTF-8",
        [TWILIO_SIGNATURE_HEADER]: computeTwilioSignature(authToken, signedUrl, params),
      },
      body: new URLSearchParams(params),
    });
  }

  const fake = {
    apiBase: `http://127.0.0.1:${port}`,
    sent,
    /**
     * Where the app really listens (its origin): status callbacks go to the StatusCallback's path
     * there, still signed over the StatusCallback as given (PUBLIC_URL), as behind a proxy.
     */
    appUrl: null as string | null,
    /** resolves with every SMS so far once at least n were sent */
    waitFor(n: number): Promise<FakeTwilioSms[]> {
      if (sent.length >= n) return Promise.resolve([...sent]);
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    /** the next send answers this HTTP status with a Twilio error (code 21211 for a 4xx by default) */
    failNext(status: number, code?: number) {
      failures.push({ status, code });
    },
    /** a visitor texts `body` from `from` to the number `to`: Twilio's inbound webhook to the app */
    reply(
      appUrl: string,
      publicUrl: string,
      from: string,
      to: string,
      body: string,
      options: { messageSid?: string } = {},
    ): Promise<Response> {
      const sid = options.messageSid ?? newSid("SM");
      const path = "/api/webhooks/twilio/inbound";
      return signedPost(`${appUrl}${path}`, `${publicUrl}${path}`, {
        ToCountry: "US",
        SmsMessageSid: sid,
        NumMedia: "0",
        SmsSid: sid,
        SmsStatus: "received",
        Body: body,
        To: to,
        NumSegments: "1",
        MessageSid: sid,
        AccountSid: accountSid,
        From: from,
        ApiVersion: "2010-04-01",
      });
    },
    /** Twilio reports the fate of a sent SMS to its StatusCallback */
    deliver(sid: string, status: "delivered" | "failed", errorCode?: number): Promise<Response> {
      const sms = sent.find((one) => one.sid === sid);
      if (!sms?.statusCallback) throw new Error(`no SMS ${sid} with a status callback was sent`);
      const callback = new URL(sms.statusCallback);
      const target = fake.appUrl
        ? `${fake.appUrl}${callback.pathname}${callback.search}`
        : sms.statusCallback;
      return signedPost(target, sms.statusCallback, {
        SmsSid: sid,
        SmsStatus: status,
        MessageStatus: status,
        To: sms.to,
        MessageSid: sid,
        AccountSid: accountSid,
        From: sms.from,
        ApiVersion: "2010-04-01",
        ...(errorCode === undefined ? {} : { ErrorCode: String(errorCode) }),
      });
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
  return fake;
}

function answer(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
