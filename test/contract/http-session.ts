// The open API over real HTTP (node:http with a bounded keep-alive agent): a browser session for a
// vendor's host (the CSRF cookie and token of GET /api/v2/open/vendor) and JSON:API calls with it.
import { Agent, type IncomingHttpHeaders, request } from "node:http";
import { JSON_API } from "../../src/server/http/error-handler.ts";

export type HttpAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

/** Keep-alive sockets to the server; requests beyond `maxSockets` wait their turn in the client. */
export const boundedAgent = (maxSockets: number) => new Agent({ keepAlive: true, maxSockets });

export function httpCall(
  baseUrl: string,
  agent: Agent,
  call: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(call.path, baseUrl),
      { method: call.method ?? "GET", headers: call.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(call.body);
  });
}

export type HttpSession = {
  /** POST/PATCH a JSON:API document with the session's cookie and CSRF token */
  send(
    method: "POST" | "PATCH",
    path: string,
    document: unknown,
    headers?: Record<string, string>,
  ): Promise<HttpAnswer>;
  get(path: string): Promise<HttpAnswer>;
  /** the headers a state-changing call carries (host, cookie, token, content type) */
  headers: Record<string, string>;
};

export async function openHttpSession(
  baseUrl: string,
  host: string,
  agent: Agent,
): Promise<HttpSession> {
  const initial = await httpCall(baseUrl, agent, {
    path: "/api/v2/open/vendor",
    headers: { host },
  });
  if (initial.status !== 200) throw new Error(`initial state: ${initial.status} ${initial.body}`);
  const setCookie = initial.headers["set-cookie"] ?? [];
  const cookie = setCookie.map((line) => line.split(";")[0]).join("; ");
  const csrfToken = (JSON.parse(initial.body) as { meta: { csrf_token: string } }).meta.csrf_token;
  const headers = { host, cookie, "x-csrf-token": csrfToken, "content-type": JSON_API };
  return {
    headers,
    send: (method, path, document, extra = {}) =>
      httpCall(baseUrl, agent, {
        method,
        path,
        headers: { ...headers, ...extra },
        body: JSON.stringify(document),
      }),
    get: (path) => httpCall(baseUrl, agent, { path, headers: { host } }),
  };
}
