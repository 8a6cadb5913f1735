// What every answer of the open API must look like, whatever was sent: never a 5xx, and every 4xx a
// JSON:API error document ({ errors: [{ status, code, detail }] }) of type application/vnd.api+json.
import type { LightMyRequestResponse } from "fastify";
import { JSON_API } from "../../src/server/http/error-handler.ts";

export type SentRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | undefined;
  /** the client address, when not the fuzzer's usual one */
  remoteAddress?: string;
};

/** The request, shortened, for a failure message a person can replay. */
export function describeRequest(request: SentRequest): string {
  const body = request.payload ?? "";
  const shown = body.length > 600 ? `${body.slice(0, 600)}… (${body.length} chars)` : body;
  return `${request.method} ${request.url.slice(0, 600)}\nheaders ${JSON.stringify(request.headers).slice(0, 600)}\nbody ${JSON.stringify(shown)}`;
}

/** Throws, naming the request, unless the answer keeps the contract; returns its status. */
export function checkWellFormedAnswer(request: SentRequest, res: LightMyRequestResponse): number {
  const status = res.statusCode;
  const fail = (why: string): never => {
    throw new Error(
      `${why}\n${describeRequest(request)}\nanswer ${status} ${res.headers["content-type"]} ${res.body.slice(0, 600)}`,
    );
  };
  if (status >= 500) fail(`server error ${status}`);
  if (status < 400) return status;
  if (!String(res.headers["content-type"] ?? "").startsWith(JSON_API))
    fail("a 4xx that is not application/vnd.api+json");
  let document: unknown;
  try {
    document = JSON.parse(res.body);
  } catch {
    fail("a 4xx whose body is not JSON");
  }
  const errors = (document as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length === 0) fail("a 4xx without errors[]");
  for (const error of errors as Record<string, unknown>[]) {
    if (error.status !== String(status)) fail(`an error whose status is not "${status}"`);
    if (typeof error.code !== "string" || error.code === "") fail("an error without a code");
    if (typeof error.detail !== "string" || error.detail.trim() === "")
      fail("an error without a detail");
  }
  return status;
}
