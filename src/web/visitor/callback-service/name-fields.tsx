// First and last name (spec §2), side by side on wider screens; both always required. In Korean and
// Chinese the family name comes first, as it is written there.
import { useIntl } from "react-intl";
import { familyNameFirst } from "../../../shared/locale.ts";
import styles from "./callback-form.module.css";
import { TextField } from "./text-field.tsx";

export function NameFields({ autoComplete }: { autoComplete: boolean }) {
  const given = (
    <TextField
      key="first"
      name="first_name"
      labelId="Form.first_name"
      requirement="required"
      autoComplete={autoComplete ? "given-name" : "off"}
    />
  );
  const family = (
    <TextField
      key="last"
      name="last_name"
      labelId="Form.last_name"
      requirement="required"
      autoComplete={autoComplete ? "family-name" : "off"}
    />
  );
  return (
    <div className={styles.row}>
      {familyNameFirst(useIntl().locale) ? [family, given] : [given, family]}
    </div>
  );
}
