// A template's problem (checkTemplate) in words, with the message ids the server's 422 uses, so
// the check while typing and the server's answer read alike.
import type { IntlShape } from "react-intl";
import type { TemplateProblem } from "../../../shared/notifications/render-template.ts";

export function templateProblemMessage(intl: IntlShape, problem: TemplateProblem): string {
  const id = (name: string) => ({ id: `Office.notifications.error.${name}` });
  switch (problem.problem) {
    case "unknown_variable":
      return intl.formatMessage(id(`unknown_variable_${problem.field}`), {
        variable: `{${problem.variable}}`,
      });
    case "unbalanced_brace":
      return intl.formatMessage(id(`unbalanced_brace_${problem.field}`), { at: problem.at + 1 });
    case "subject_required":
      return intl.formatMessage(id("subject_required"));
    case "body_required":
      return intl.formatMessage(id("body_required"));
  }
}

/** The first problem of each field, in words. */
export function problemsByField(
  intl: IntlShape,
  problems: readonly TemplateProblem[],
): Partial<Record<"subject" | "body", string>> {
  const fields: Partial<Record<"subject" | "body", string>> = {};
  for (const problem of problems) fields[problem.field] ??= templateProblemMessage(intl, problem);
  return fields;
}
