// A field's label with the "(required)" / "(optional)" mark the vendor's settings call for (spec §5).
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import styles from "./callback-form.module.css";

export type Requirement = "required" | "optional";

type Props = {
  htmlFor?: string;
  id?: string;
  requirement: Requirement | null;
  children: ReactNode;
  /** a legend instead of a label, for groups of choices */
  as?: "label" | "legend";
};

export function FieldLabel({ htmlFor, id, requirement, children, as = "label" }: Props) {
  const intl = useIntl();
  const mark = requirement && (
    <span className={styles.requirement}>
      {" "}
      {intl.formatMessage({ id: requirement === "required" ? "Form.required" : "Form.optional" })}
    </span>
  );
  if (as === "legend") {
    return (
      <legend id={id} className={styles.label}>
        {children}
        {mark}
      </legend>
    );
  }
  return (
    <label id={id} htmlFor={htmlFor} className={styles.label}>
      {children}
      {mark}
    </label>
  );
}
