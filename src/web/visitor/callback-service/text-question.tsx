// A text or text-area question; the help text is shown under the label and read with the field.
import { useFormContext } from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";
import { describedBy } from "./field-error.tsx";
import { FieldLabel } from "./field-label.tsx";
import type { CallbackFormValues } from "./form-values.ts";
import type { QuestionFieldProps } from "./question-field.tsx";

const TEXTAREA_ROWS = 4;

export function TextQuestion({ question, name, ids, invalid }: QuestionFieldProps) {
  const { register } = useFormContext<CallbackFormValues>();
  const { label, placeholder: help, required, type } = question.attributes;
  const shared = {
    id: ids.field,
    "aria-required": required || undefined,
    "aria-invalid": invalid,
    "aria-describedby": describedBy(help && ids.hint, ids.error),
    ...register(name),
  };
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={ids.field} requirement={required ? "required" : "optional"}>
        {label}
      </FieldLabel>
      {help && (
        <p id={ids.hint} className={styles.hint}>
          {help}
        </p>
      )}
      {type === "textarea" ? (
        <textarea className={styles.textarea} rows={TEXTAREA_ROWS} {...shared} />
      ) : (
        <input className={styles.input} type="text" {...shared} />
      )}
    </div>
  );
}
