// A template's problems (checkTemplate) as localised 422 error items pointing at the field, so the
// settings page can show each under its input.
import type { TemplateProblem } from "../../../shared/notifications/render-template.ts";
import { AppError, type ErrorItem } from "../../http/app-error.ts";

const pointer = (field: "subject" | "body") => `/data/attributes/${field}`;

export function templateProblemItem(problem: TemplateProblem): ErrorItem {
  switch (problem.problem) {
    case "unknown_variable":
      return {
        code: "unknown_variable",
        messageId: `Office.notifications.error.unknown_variable_${problem.field}`,
        values: { variable: `{${problem.variable}}` },
        pointer: pointer(problem.field),
      };
    case "unbalanced_brace":
      return {
        code: "unbalanced_brace",
        messageId: `Office.notifications.error.unbalanced_brace_${problem.field}`,
        values: { at: problem.at + 1 },
        pointer: pointer(problem.field),
      };
    case "subject_required":
      return {
        code: "required",
        messageId: "Office.notifications.error.subject_required",
        pointer: pointer("subject"),
      };
    case "body_required":
      return {
        code: "required",
        messageId: "Office.notifications.error.body_required",
        pointer: pointer("body"),
      };
  }
}

export function templateProblemsError(problems: readonly TemplateProblem[]): AppError {
  return new AppError("unprocessable", problems.map(templateProblemItem));
}
