// One labelled form field: the label, an optional hint, the control and its error, wired together
// for assistive technology (aria-describedby, aria-invalid). The control is the caller's own
// input, textarea or select, given the ids it needs.
import { type ReactNode, useId } from "react";
import { useIntl } from "react-intl";
import styles from "./field.module.css";

export type ControlProps = {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": boolean;
  "aria-required": boolean | undefined;
};

type Props = {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  /** "(optional)" after the label, for forms where most fields are required or vendor-set */
  markOptional?: boolean;
  children: (control: ControlProps) => ReactNode;
};

export function Field({ label, hint, error, required, markOptional, children }: Props) {
  const id = useId();
  const intl = useIntl();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const suffix = required
    ? intl.formatMessage({ id: "Office.field_required" })
    : markOptional
      ? intl.formatMessage({ id: "Office.field_optional" })
      : null;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {suffix && <span className={styles.suffix}> {suffix}</span>}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children({
        id,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": Boolean(error),
        "aria-required": required || undefined,
      })}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
