// Building blocks of the open JSON:API routes: id parameters that can never overflow an integer
// column, the error document schema for OpenAPI, and JSON:API pointers for field errors.
import { z } from "zod";
import { AppError, type ErrorItem } from "./app-error.ts";

/** Largest value of a PostgreSQL integer column; larger ids cannot exist, so they are "not found". */
export const MAX_ID = 2_147_483_647;

/** A resource id as it appears in a path or query ("42"); parses to a number. */
export const resourceIdString = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "Errors.invalid_value")
  .transform(Number)
  .refine((id) => id <= MAX_ID, "Errors.invalid_value");

/** An id inside a JSON body: a JSON:API string id or a plain positive integer. */
export const resourceIdValue = z.union([
  z.number().int().positive().max(MAX_ID),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Errors.invalid_value")
    .transform(Number)
    .refine((id) => id <= MAX_ID, "Errors.invalid_value"),
]);

export const idParams = z.object({ id: resourceIdString }).strict();

export const errorDocumentSchema = z.object({
  errors: z.array(
    z.object({
      status: z.string(),
      code: z.string(),
      title: z.string().optional(),
      detail: z.string(),
      source: z
        .object({ pointer: z.string().optional(), parameter: z.string().optional() })
        .optional(),
    }),
  ),
});

/** Response schemas for the error statuses a route can answer with. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, errorDocumentSchema])) as Record<
    S[number],
    typeof errorDocumentSchema
  >;
}

/** "/data/attributes/first_name" from ["data", "attributes", "first_name"], escaped per RFC 6901. */
export function jsonPointer(path: readonly (string | number)[]): string {
  return `/${path.map((part) => String(part).replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
}

const MESSAGE_ID = /^[A-Z][A-Za-z]+\.[a-z0-9_.]+$/;

/** Turns zod issues whose messages are catalog ids into one 422 AppError with pointers. */
export function validationError(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[],
  pointerOf: (path: (string | number)[]) => string = jsonPointer,
): AppError {
  const items: ErrorItem[] = issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === "symbol" ? String(p.description) : p));
    const messageId = MESSAGE_ID.test(issue.message) ? issue.message : "Errors.invalid_value";
    return { code: codeFor(messageId), messageId, pointer: pointerOf(path) };
  });
  return new AppError("unprocessable", items);
}

function codeFor(messageId: string): string {
  if (messageId === "Errors.required" || messageId === "CallbackService.required_checkbox")
    return "required";
  if (messageId === "Errors.field_not_accepted") return "not_accepted";
  return messageId.slice(messageId.indexOf(".") + 1);
}
