// How the visitor's form shows a question being edited: the visitor form's own question field
// (src/web/visitor/callback-service/question-field.tsx) in a form of its own, in the page language.
// It is loaded with the visitor form's chunk, through the form's module: imported on its own, the
// field became a chunk of its own that every visitor form page fetched separately.
import { lazy, Suspense } from "react";
import { useIntl } from "react-intl";
import type { QuestionResource } from "../../../shared/contracts/question.ts";
import type { TranslationValue } from "../../../shared/contracts/service-admin.ts";
import type { QuestionType } from "../../../shared/domain.ts";
import { translated } from "../../../shared/translations.ts";
import styles from "./services.module.css";

const QuestionFieldPreview = lazy(() =>
  import("../../visitor/callback-service/callback-form.tsx").then((module) => ({
    default: module.QuestionFieldPreview,
  })),
);

export type QuestionDraft = {
  type: QuestionType;
  label: string;
  help_text: string;
  required: boolean;
  translations: TranslationValue[];
  options: {
    id?: string | undefined;
    key: string;
    text: string;
    translations: TranslationValue[];
  }[];
};

export function QuestionPreview({ draft }: { draft: QuestionDraft }) {
  const intl = useIntl();
  const locale = intl.locale;
  const question: QuestionResource = {
    id: "preview",
    type: "questions",
    attributes: {
      type: draft.type,
      label:
        translated(draft.translations, "label", locale, draft.label) ||
        intl.formatMessage({ id: "Office.questions.preview_label" }),
      placeholder: draft.help_text
        ? translated(draft.translations, "help_text", locale, draft.help_text)
        : null,
      required: draft.required,
      options: draft.options.map((option, index) => ({
        value: index + 1,
        text: translated(option.translations, "text", locale, option.text),
      })),
    },
  };
  return (
    <section aria-labelledby="question-preview" className={styles.card}>
      <h2 id="question-preview">{intl.formatMessage({ id: "Office.questions.preview" })}</h2>
      <p className={styles.meta}>{intl.formatMessage({ id: "Office.questions.preview_hint" })}</p>
      <div className={styles.preview}>
        <Suspense fallback={null}>
          <QuestionFieldPreview key={`${draft.type}:${draft.options.length}`} question={question} />
        </Suspense>
      </div>
    </section>
  );
}
