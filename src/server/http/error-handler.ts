// Maps every failure to a JSON:API error document, in the request's language, in one place.
// Validation issues carry message ids (the shared zod schemas use catalog ids as messages).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { negotiateLocale } from "../../shared/locale.ts";
import { AppError, type ErrorItem } from "./app-error.ts";
import { translate } from "./messages.ts";

export const JSON_API = "application/vnd.api+json";

type JsonApiError = {
  status: string;
  code: string;
  title?: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
};

const MESSAGE_ID = /^[A-Z][A-Za-z]+\.[a-z0-9_.]+$/;

type ValidationIssue = {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
};

function itemsFromValidation(
  issues: ValidationIssue[],
  context: string | undefined,
): { item: ErrorItem; parameter?: string }[] {
  return issues.flatMap((issue) => {
    const path = issue.instancePath === "/" ? "" : issue.instancePath;
    const keys =
      issue.keyword === "unrecognized_keys" ? ((issue.params.keys as string[]) ?? []) : [undefined];
    return keys.map((key) => {
      const fullPath = key === undefined ? path : `${path}/${key}`;
      let messageId = "Errors.invalid_value";
      let values: Record<string, string> | undefined;
      if (MESSAGE_ID.test(issue.message)) messageId = issue.message;
      else if (key !== undefined) {
        messageId = "Errors.unknown_field";
        values = { field: key };
      } else if (issue.keyword === "invalid_type" && /received undefined/.test(issue.message)) {
        messageId = "Errors.required";
      }
      const code =
        key !== undefined
          ? "unknown_field"
          : issue.keyword === "custom"
            ? "invalid"
            : issue.keyword;
      if (context === "body") {
        return {
          item: { code, messageId, pointer: fullPath || "/", ...(values ? { values } : {}) },
        };
      }
      const parameter = fullPath.replace(/^\//, "").replaceAll("/", ".");
      return { item: { code, messageId, ...(values ? { values } : {}) }, parameter };
    });
  });
}

export function sendErrors(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  items: { item: ErrorItem; parameter?: string | undefined }[],
  meta?: Record<string, unknown>,
) {
  const locale = request.locale;
  const synonyms = request.vendorSynonyms;
  const errors: JsonApiError[] = items.map(({ item, parameter }) => {
    const error: JsonApiError = {
      status: String(status),
      code: item.code,
      detail: translate(locale, item.messageId, item.values, synonyms),
    };
    if (item.pointer) error.source = { pointer: item.pointer };
    else if (parameter) error.source = { parameter };
    return error;
  });
  return reply
    .code(status)
    .type(JSON_API)
    .send(meta === undefined ? { errors } : { errors, meta });
}

/**
 * Fastify's own refusals before any route or hook runs (a malformed percent-encoding in the path,
 * a path parameter over the router's length limit): the same JSON:API errors as everything else,
 * in the language the Accept-Language header asks for. Passed as the server's frameworkErrors.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.locale = negotiateLocale(request.headers["accept-language"]);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return sendErrors(request, reply, status, [
    { item: { code: "bad_request", messageId: "Errors.malformed_body" } },
  ]);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) =>
    sendErrors(request, reply, 404, [
      { item: { code: "not_found", messageId: "Errors.not_found" } },
    ]),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return sendErrors(
        request,
        reply,
        error.status,
        error.items.map((item) => ({ item, parameter: item.parameter })),
        error.meta,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const items = itemsFromValidation(
        error.validation as unknown as ValidationIssue[],
        error.validationContext,
      );
      return sendErrors(request, reply, 422, items);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendErrors(request, reply, 429, [
        { item: { code: "rate_limited", messageId: "Errors.rate_limited" } },
      ]);
    }
    if (status === 503) {
      reply.header("retry-after", reply.getHeader("retry-after") ?? "5");
      return sendErrors(request, reply, 503, [
        { item: { code: "unavailable", messageId: "Errors.unavailable" } },
      ]);
    }
    if (error.code === "FST_CSRF_INVALID_TOKEN" || error.code === "FST_CSRF_MISSING_SECRET") {
      return sendErrors(request, reply, 403, [
        { item: { code: "csrf_invalid", messageId: "Errors.csrf" } },
      ]);
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return sendErrors(request, reply, 415, [
        { item: { code: "unsupported_media_type", messageId: "Errors.unsupported_media_type" } },
      ]);
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, a bad content length: the client's fault, never a 500.
      return sendErrors(request, reply, status, [
        { item: { code: "bad_request", messageId: "Errors.malformed_body" } },
      ]);
    }
    if (isDatabaseUnavailable(error)) {
      reply.header("retry-after", "5");
      return sendErrors(request, reply, 503, [
        { item: { code: "unavailable", messageId: "Errors.unavailable" } },
      ]);
    }
    request.log.error({ err: error }, "unhandled error");
    return sendErrors(request, reply, 500, [
      { item: { code: "internal", messageId: "Errors.oops" } },
    ]);
  });
}

const CONNECTION_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08006",
  "08001",
  "08003",
]);

/** A lost or refused database connection: the request may be retried, so answer 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_ERRORS.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
