// A dropdown question: a native select with an empty first choice, so no answer is picked for the
// visitor.

import { useIntl } from "react-intl";
import { useFormContext } from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";
import { describedBy } from "./field-error.tsx";
import { FieldLabel } from "./field-label.tsx";
import type { CallbackFormValues } from "./form-values.ts";
import type { QuestionFieldProps } from "./question-field.tsx";

export function SelectQuestion({ question, name, ids, invalid }: QuestionFieldProps) {
  const intl = useIntl();
  const { register } = useFormContext<CallbackFormValues>();
  const { label, placeholder: help, required, options } = question.attributes;
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
      <select
        id={ids.field}
        className={styles.select}
        aria-required={required || undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy(help && ids.hint, ids.error)}
        {...register(name)}
      >
        <option value="">{intl.formatMessage({ id: "Form.select_placeholder" })}</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}
