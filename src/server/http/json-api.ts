// Building blocks of the open JSON:API routes: the id parameters (the ids themselves are in
// src/shared/contracts/resource-id.ts), the error document schema for OpenAPI, and JSON:API
// pointers for field errors.
import { z } from "zod";
import { resourceIdString } from "../../shared/contracts/resource-id.ts";
import { AppError, type ErrorItem } from "./app-error.ts";

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
  /** a 409 version_conflict carries the object as it is now in `current` */
  meta: z.record(z.string(), z.unknown()).optional(),
});

/** Response schemas for the error statuses a route can answer with. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, errorDocumentSchema])) as Record<
    S[number],
    typeof errorDocumentSchema
  >;
}

/**
 * The 409 `version_conflict` document of a versioned object's save (versioning.ts): `meta.current`
 * is the object as it is now, so a page can show what the other person changed.
 */
export function versionConflictResponse(current: z.ZodType) {
  return errorDocumentSchema.extend({ meta: z.object({ current }).optional() });
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
