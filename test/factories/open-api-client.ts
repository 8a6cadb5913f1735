// Calls the open API as a browser page would: fetches the initial state for a host, then sends
// the CSRF cookie and token with every request. Each call comes from its own address unless one
// is given, so the per-IP rate limits only bite in the tests about them. A kiosk device's page
// also sends the staff session cookie its Kiosk account signed in with.
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { App } from "../../src/server/app.ts";
import { JSON_API } from "../../src/server/http/error-handler.ts";

let address = 0;
export function nextRemoteAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

export type OpenApiClient = {
  host: string;
  csrfToken: string;
  cookie: string;
  request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse>;
};

export async function openApiClient(
  app: App,
  host: string,
  options: { sessionCookie?: string } = {},
): Promise<OpenApiClient> {
  const initial = await app.inject({
    url: "/api/v2/open/vendor",
    headers: { host },
    remoteAddress: nextRemoteAddress(),
  });
  if (initial.statusCode !== 200)
    throw new Error(`initial state for ${host}: ${initial.statusCode} ${initial.body}`);
  const cookie = [
    ...initial.cookies.map((c) => `${c.name}=${c.value}`),
    ...(options.sessionCookie ? [options.sessionCookie] : []),
  ].join("; ");
  const csrfToken = (initial.json() as { meta: { csrf_token: string } }).meta.csrf_token;
  return {
    host,
    csrfToken,
    cookie,
    request({ csrf = true, headers, ...options }) {
      const withBody = options.payload !== undefined;
      return app.inject({
        remoteAddress: nextRemoteAddress(),
        ...options,
        headers: {
          host,
          cookie,
          ...(csrf ? { "x-csrf-token": csrfToken } : {}),
          ...(withBody ? { "content-type": JSON_API } : {}),
          ...headers,
        },
      } as InjectOptions);
    },
  };
}

export type JsonApiErrorItem = {
  status: string;
  code: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
};

/** The errors[] of a JSON:API error document. */
export function errorsOf(res: { json(): unknown }): JsonApiErrorItem[] {
  return (res.json() as { errors: JsonApiErrorItem[] }).errors;
}
