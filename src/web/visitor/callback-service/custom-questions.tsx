// The vendor's custom questions for the chosen service (spec §2, §3 Question), each by its type.
// Until the contact details the vendor requires are given, the questions wait (spec §5).
import { FormattedMessage } from "react-intl";
import type { QuestionResource } from "../../api/questions.ts";
import styles from "./callback-form.module.css";
import { QuestionField } from "./question-field.tsx";

type Props = {
  questions: readonly QuestionResource[];
  /** the message id asking for contact details first, or null when they are given */
  contactFirstMessageId: string | null;
};

export function CustomQuestions({ questions, contactFirstMessageId }: Props) {
  if (questions.length === 0) return null;
  return (
    <>
      {contactFirstMessageId && (
        <p className={styles.note} role="status">
          <FormattedMessage id={contactFirstMessageId} />
        </p>
      )}
      <fieldset className={styles.questions} disabled={contactFirstMessageId !== null}>
        {questions.map((question) => (
          <QuestionField key={question.id} question={question} />
        ))}
      </fieldset>
    </>
  );
}
