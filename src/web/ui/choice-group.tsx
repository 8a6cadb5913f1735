// A group of radio buttons or checkboxes under one legend, with its hint and error tied to the
// group (aria-describedby on the fieldset), each option a big enough target to tap on a tablet.
import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { useIntl } from "react-intl";
import styles from "./choice-group.module.css";
import fieldStyles from "./field.module.css";

type Option = { value: string; label: ReactNode };

type Props = {
  legend: string;
  type: "radio" | "checkbox";
  options: readonly Option[];
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  /** the props of each input, from the form library's register() */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
  inline?: boolean;
};

export function ChoiceGroup(props: Props) {
  const id = useId();
  const intl = useIntl();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset className={styles.group} aria-describedby={describedBy || undefined}>
      <legend className={fieldStyles.label}>
        {props.legend}
        {props.required && (
          <span className={fieldStyles.suffix}>
            {" "}
            {intl.formatMessage({ id: "Office.field_required" })}
          </span>
        )}
      </legend>
      {props.hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {props.hint}
        </p>
      )}
      <div className={props.inline ? styles.inline : styles.stack}>
        {props.options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              {...props.inputProps}
              type={props.type}
              value={option.value}
              className={styles.input}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {props.error && (
        <p id={errorId} className={fieldStyles.error}>
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
