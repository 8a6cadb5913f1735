// First and last name (spec §2), side by side on wider screens; both always required.
import styles from "./callback-form.module.css";
import { TextField } from "./text-field.tsx";

export function NameFields({ autoComplete }: { autoComplete: boolean }) {
  return (
    <div className={styles.row}>
      <TextField
        name="first_name"
        labelId="Form.first_name"
        requirement="required"
        autoComplete={autoComplete ? "given-name" : "off"}
      />
      <TextField
        name="last_name"
        labelId="Form.last_name"
        requirement="required"
        autoComplete={autoComplete ? "family-name" : "off"}
      />
    </div>
  );
}
