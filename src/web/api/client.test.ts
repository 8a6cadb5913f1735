// The fetch client against real HTTP: a scripted server for the exact headers and odd bodies, and
// the real app for the anti-forgery round trip and localised JSON:API errors.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";
import { paths } from "../paths.ts";
import { ApiError, createApiClient, JSON_API } from "./client.ts";

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

describe("api client headers and answers", () => {
  let server: Server;
  let baseUrl: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        if (request.url === "/broken") {
          response.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
        } else if (request.url === "/invalid") {
          response.writeHead(422, { "content-type": JSON_API }).end(
            JSON.stringify({
              errors: [
                {
                  status: "422",
                  code: "invalid",
                  detail: "Ce champ est obligatoire",
                  source: { pointer: "/data/attributes/email" },
                },
              ],
            }),
          );
        } else if (request.url === "/empty") {
          response.writeHead(204).end();
        } else {
          response
            .writeHead(200, { "content-type": JSON_API })
            .end(JSON.stringify({ data: { ok: true } }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const last = () => seen[seen.length - 1]!;

  it("asks for JSON:API in the current language and marks the call as script-made, without a token on GET", async () => {
    const client = createApiClient({
      baseUrl,
      getLocale: () => "ko",
      getCsrfToken: () => "secret-token",
    });
    expect(await client.get("/thing", { query: { a: 1, skipped: undefined } })).toEqual({
      data: { ok: true },
    });
    expect(last().url).toBe("/thing?a=1");
    expect(last().headers.accept).toBe(JSON_API);
    expect(last().headers["accept-language"]).toBe("ko");
    expect(last().headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(last().headers["x-csrf-token"]).toBeUndefined();
  });

  it("sends the CSRF token and a JSON:API body on state-changing calls; a per-call locale wins", async () => {
    const client = createApiClient({
      baseUrl,
      getLocale: () => "en",
      getCsrfToken: () => "secret-token",
    });
    await client.patch("/thing/1", { data: { id: "1" } }, { locale: "pl" });
    expect(last().method).toBe("PATCH");
    expect(last().headers["x-csrf-token"]).toBe("secret-token");
    expect(last().headers["content-type"]).toBe(JSON_API);
    expect(last().headers["accept-language"]).toBe("pl");
    expect(JSON.parse(last().body)).toEqual({ data: { id: "1" } });
  });

  it("logs a missing CSRF token instead of failing silently", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await createApiClient({ baseUrl }).post("/thing", {});
    expect(warn).toHaveBeenCalledWith("Missing CSRF token for POST /thing");
    expect(last().headers["x-csrf-token"]).toBeUndefined();
    warn.mockRestore();
  });

  it("rejects a non-OK answer with its parsed errors[]", async () => {
    const error = await createApiClient({ baseUrl })
      .get("/invalid")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe("Ce champ est obligatoire");
    expect(apiError.errorAt("/data/attributes/email")?.code).toBe("invalid");
    expect(apiError.body).toEqual({ errors: apiError.errors });
  });

  it("rejects with an empty body when the error answer cannot be parsed", async () => {
    const error = (await createApiClient({ baseUrl })
      .get("/broken")
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.body).toEqual({});
    expect(error.errors).toEqual([]);
  });

  it("resolves to undefined on 204 No Content", async () => {
    expect(await createApiClient({ baseUrl }).get("/empty")).toBeUndefined();
  });

  it("sends form data as multipart with the token", async () => {
    const form = new FormData();
    form.set("file", new Blob(["hello"]), "hello.txt");
    await createApiClient({ baseUrl, getCsrfToken: () => "t" }).postForm("/upload", form);
    expect(last().headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().headers["x-csrf-token"]).toBe("t");
    expect(last().body).toContain("hello");
  });
});

describe("api client against the real server", () => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let baseUrl: string;

  beforeAll(async () => {
    harness = await buildTestApp();
    baseUrl = await harness.app.listen({ port: 0, host: "127.0.0.1" });
  });

  afterAll(() => harness.close());

  /** fetch with a cookie jar, as a browser keeps the anti-forgery secret cookie */
  function browserLikeFetch(): typeof fetch {
    const cookies = new Map<string, string>();
    return async (input, init) => {
      const headers = new Headers(init?.headers);
      if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
      const response = await fetch(input, { ...init, headers });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        const at = pair.indexOf("=");
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return response;
    };
  }

  it("gets a CSRF token from the vendor state that the server then accepts, and refuses calls without it", async () => {
    let token: string | undefined;
    const client = createApiClient({
      baseUrl,
      fetch: browserLikeFetch(),
      getLocale: () => "fr",
      getCsrfToken: () => token,
    });
    const vendor = await client.get<{ meta: { csrf_token: string } }>(paths.api.vendor());
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const refused = (await client
      .post("/api/v2/open/queue-appointments", {})
      .catch((e: unknown) => e)) as ApiError;
    warn.mockRestore();
    expect(refused.status).toBe(403);
    expect(refused.errors[0]?.code).toBe("csrf_invalid");

    token = vendor.meta.csrf_token;
    const invalid = (await client
      .post("/api/v2/open/queue-appointments", {})
      .catch((e: unknown) => e)) as ApiError;
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid.status).not.toBe(403);
    expect(invalid.status).toBeGreaterThanOrEqual(400);
    expect(invalid.status).toBeLessThan(500);
  });

  it("receives the server's errors in the language it asked for", async () => {
    const client = createApiClient({ baseUrl, getLocale: () => "fr" });
    const error = (await client
      .get("/api/v2/open/no-such-endpoint")
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(404);
    expect(error.message).toBe("La page que vous cherchez est introuvable");
  });
});
