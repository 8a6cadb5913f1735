// A custom question as the open API shows it (spec §3 Question, §7): type, label, help text as
// placeholder, required, and options as {value, text}, all in the request's language.
import type { QuestionResource } from "../../shared/contracts/question.ts";
import type { Locale } from "../../shared/domain.ts";
import { translated } from "../../shared/translations.ts";
import type { QuestionWithOptions } from "./load-questions.ts";

export function presentQuestion(question: QuestionWithOptions, locale: Locale): QuestionResource {
  return {
    id: String(question.id),
    type: "questions" as const,
    attributes: {
      type: question.type,
      label: translated(question.translations, "label", locale, question.label),
      placeholder: question.helpText
        ? translated(question.translations, "help_text", locale, question.helpText)
        : null,
      required: question.required,
      options: question.options.map((option) => ({
        value: option.id,
        text: translated(option.translations, "text", locale, option.text),
      })),
    },
  };
}
