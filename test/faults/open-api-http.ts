// The open API over real HTTP (node:http, so every socket error and timing is visible): a
// visitor session (CSRF token and cookie from GET /api/v2/open/vendor) and the join call.
// A call never throws: it resolves with the answer or with the network error that ended it.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";

export type HttpAnswer = {
  ok: true;
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
  /** the client side's port of the connection, to find it in a proxy's log */
  localPort?: number | undefined;
};
export type HttpFailure = {
  ok: false;
  /** ECONNREFUSED, ECONNRESET, timeout, … */
  error: string;
  ms: number;
  localPort?: number | undefined;
};
export type HttpOutcome = HttpAnswer | HttpFailure;

export type CallOptions = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** a keep-alive agent shared by calls, or false for one connection per call */
  agent?: Agent | false;
};

export function keepAliveAgent(maxSockets = 64): Agent {
  return new Agent({ keepAlive: true, maxSockets });
}

export function call(baseUrl: string, options: CallOptions): Promise<HttpOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let localPort: number | undefined;
    const settle = (outcome: HttpOutcome) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, localPort });
    };
    const url = new URL(options.path, baseUrl);
    const req = httpRequest(
      url,
      {
        method: options.method ?? "GET",
        headers: {
          ...(options.body !== undefined
            ? { "content-length": String(Buffer.byteLength(options.body)) }
            : {}),
          ...(options.agent === false ? { connection: "close" } : {}),
          ...options.headers,
        },
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          settle({
            ok: true,
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        res.on("error", (error: NodeJS.ErrnoException) =>
          settle({
            ok: false,
            error: error.code ?? error.message,
            ms: performance.now() - started,
          }),
        );
        res.on("aborted", () =>
          settle({ ok: false, error: "response aborted", ms: performance.now() - started }),
        );
      },
    );
    req.once("socket", (socket) => {
      if (socket.localPort) localPort = socket.localPort;
      else socket.once("connect", () => (localPort = socket.localPort));
    });
    req.setTimeout(options.timeoutMs ?? 15_000, () => {
      req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" }));
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      settle({ ok: false, error: error.code ?? error.message, ms: performance.now() - started }),
    );
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export type VisitorSession = { baseUrl: string; csrfToken: string; cookie: string };

/** Opens a visitor session as the page does (its initial state carries the CSRF token). */
export async function openVisitorSession(
  baseUrl: string,
  agent: Agent | false = false,
): Promise<VisitorSession> {
  const answer = await call(baseUrl, { path: "/api/v2/open/vendor", agent, timeoutMs: 10_000 });
  if (!answer.ok || answer.status !== 200) {
    throw new Error(
      `initial state from ${baseUrl}: ${answer.ok ? `${answer.status} ${answer.body}` : answer.error}`,
    );
  }
  const csrfToken = (JSON.parse(answer.body) as { meta: { csrf_token: string } }).meta.csrf_token;
  const setCookie = answer.headers["set-cookie"] ?? [];
  const cookie = setCookie.map((entry) => entry.split(";")[0]).join("; ");
  return { baseUrl, csrfToken, cookie };
}

export type JoinOutcome = HttpOutcome & { baseUrl: string };

/** POST /api/v2/open/queue-appointments with the session's token, to `baseUrl` (any node: the cookie is signed with the shared secret). */
export async function postJoin(
  session: VisitorSession,
  document: unknown,
  options: {
    idempotencyKey?: string;
    baseUrl?: string;
    agent?: Agent | false;
    timeoutMs?: number;
  } = {},
): Promise<JoinOutcome> {
  const baseUrl = options.baseUrl ?? session.baseUrl;
  const outcome = await call(baseUrl, {
    method: "POST",
    path: "/api/v2/open/queue-appointments",
    headers: {
      "content-type": "application/vnd.api+json",
      "x-csrf-token": session.csrfToken,
      cookie: session.cookie,
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
    },
    body: JSON.stringify(document),
    agent: options.agent ?? false,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  return { ...outcome, baseUrl };
}

/** The appointment a 201 created (or replayed): its id and confirm code. */
export function appointmentOf(answer: HttpAnswer): { id: number; confirmCode: string } {
  const document = JSON.parse(answer.body) as {
    data: { id: string; attributes: { confirm_code: string } };
  };
  return { id: Number(document.data.id), confirmCode: document.data.attributes.confirm_code };
}

/** A JSON:API error answer carries errors[] with a status equal to the HTTP status. */
export function isJsonApiError(answer: HttpAnswer): boolean {
  try {
    const body = JSON.parse(answer.body) as { errors?: { status?: string }[] };
    return (
      Array.isArray(body.errors) &&
      body.errors.length > 0 &&
      body.errors[0]?.status === String(answer.status)
    );
  } catch {
    return false;
  }
}
