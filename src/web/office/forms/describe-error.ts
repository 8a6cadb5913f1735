// What to tell a staff member when a call fails: the server's own localised detail when it sent
// one (it knows why: locked, refused, not allowed), else a general line for the failure's kind.
import type { IntlShape } from "react-intl";
import { ApiError } from "../../api/client.ts";

export function describeError(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiError) {
    const detail = error.errors.find((e) => !e.source?.pointer)?.detail ?? error.errors[0]?.detail;
    if (detail) return detail;
    return intl.formatMessage({ id: "Errors.general" });
  }
  // fetch rejects with a TypeError when the network or the server cannot be reached
  if (error instanceof TypeError) return intl.formatMessage({ id: "Office.network_error" });
  return intl.formatMessage({ id: "Errors.oops" });
}

/** Field errors of a 422, keyed by the last part of their pointer ("/data/attributes/email" → "email"). */
export function fieldErrorsOf(error: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (!(error instanceof ApiError)) return fields;
  for (const item of error.errors) {
    const pointer = item.source?.pointer;
    if (!pointer || !item.detail) continue;
    if (!fields.has(pointer)) fields.set(pointer, item.detail);
  }
  return fields;
}
