// Why a notification settings value was refused, as localised 422 error items: each names the
// range or the form it wants, pointing at the attribute.
import type { z } from "zod";
import { AppError, type ErrorItem } from "../../http/app-error.ts";
import { jsonPointer } from "../../http/json-api.ts";

type Issue = z.core.$ZodIssue;

function itemOf(issue: Issue): ErrorItem[] {
  const path = issue.path.map((part) => (typeof part === "symbol" ? String(part) : part));
  const at = (more: (string | number)[] = []) =>
    jsonPointer(["data", "attributes", ...path, ...more]);
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      code: "unknown_field",
      messageId: "Errors.unknown_field",
      values: { field: key },
      pointer: at([key]),
    }));
  }
  if (issue.code === "custom" && issue.message === "quiet_hours_empty") {
    return [
      {
        code: "quiet_hours_empty",
        messageId: "Office.notifications.error.quiet_hours_empty",
        pointer: at(),
      },
    ];
  }
  if (issue.code === "too_small" || issue.code === "too_big") {
    const range = RANGES[String(path[0])];
    if (range)
      return [
        {
          code: "out_of_range",
          messageId: "Office.notifications.error.out_of_range",
          values: range,
          pointer: at(),
        },
      ];
  }
  if (issue.code === "invalid_format" || (path[0] === "quiet_hours" && path.length === 2)) {
    return [
      { code: "invalid_time", messageId: "Office.notifications.error.invalid_time", pointer: at() },
    ];
  }
  const range = RANGES[String(path[0])];
  if (range && path.length === 1)
    return [
      {
        code: "out_of_range",
        messageId: "Office.notifications.error.out_of_range",
        values: range,
        pointer: at(),
      },
    ];
  return [{ code: "invalid_value", messageId: "Errors.invalid_value", pointer: at() }];
}

/** The bounds of each number (src/shared/notifications/settings.ts), for the message. */
const RANGES: Record<string, { min: number; max: number }> = {
  almost_turn_people: { min: 0, max: 50 },
  almost_turn_minutes: { min: 0, max: 240 },
  long_wait_alert_minutes: { min: 5, max: 720 },
  sms_per_number_per_hour: { min: 1, max: 60 },
};

export function settingsProblemsError(issues: readonly Issue[]): AppError {
  return new AppError("unprocessable", issues.flatMap(itemOf));
}
