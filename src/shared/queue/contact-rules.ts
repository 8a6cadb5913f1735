// Which contacts the visitor gives before the custom questions (spec §5). Apart from the zod join
// schema so that the browser form can use it before the schema's chunk has loaded.
import type { CallbackContactOptions } from "../vendor-settings.ts";
import { QUEUE_MESSAGES as M } from "./queue-messages.ts";

/**
 * Spec §5: before answering questions the visitor gives an email and/or a mobile number; the
 * message id to show above the questions, or null when the required contacts are there.
 */
export function contactNeededBeforeQuestions(
  options: CallbackContactOptions,
  given: { email: boolean; cellPhone: boolean },
): string | null {
  const needEmail = options.email === "required" && !given.email;
  const needPhone = options.mobile_phone === "required" && !given.cellPhone;
  if (needEmail && needPhone) return M.contactBeforeQuestionsBoth;
  if (needEmail) return M.contactBeforeQuestionsEmail;
  if (needPhone) return M.contactBeforeQuestionsPhone;
  return null;
}
