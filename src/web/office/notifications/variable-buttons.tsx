// The variables a message may use, as buttons: each puts `{name}` where the cursor was in the
// subject or the text (the editor knows which), so nobody has to type or misspell a name.
import { useIntl } from "react-intl";
import styles from "./template-editor.module.css";

type Props = {
  variables: readonly string[];
  hintId: string;
  onInsert: (name: string) => void;
};

export function VariableButtons({ variables, hintId, onInsert }: Props) {
  const intl = useIntl();
  return (
    <fieldset className={styles.variables} aria-describedby={hintId}>
      <legend className={styles.legend}>
        {intl.formatMessage({ id: "Office.notifications.variables" })}
      </legend>
      <p id={hintId} className={styles.muted}>
        {intl.formatMessage({ id: "Office.notifications.variables_hint" })}
      </p>
      <div className={styles.variableList}>
        {variables.map((name) => (
          <button
            key={name}
            type="button"
            className={styles.variable}
            onClick={() => onInsert(name)}
          >
            {`{${name}}`}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
