// Asks before a template goes back to the default: the question, "keep my text" with focus (so an
// Enter pressed by habit changes nothing) and the reset itself.
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import controls from "../../ui/controls.module.css";
import styles from "./template-editor.module.css";

type Props = { question: string; onConfirm: () => void; onKeep: () => void };

export function ResetConfirmation({ question, onConfirm, onKeep }: Props) {
  const intl = useIntl();
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <fieldset
      className={styles.confirm}
      onKeyDown={(event) => {
        if (event.key === "Escape") onKeep();
      }}
    >
      <legend className={styles.confirmText}>{question}</legend>
      <button
        ref={keepRef}
        type="button"
        className={`${controls.button} ${controls.secondary}`}
        onClick={onKeep}
      >
        {intl.formatMessage({ id: "Office.notifications.reset_keep" })}
      </button>
      <button type="button" className={`${controls.button} ${controls.danger}`} onClick={onConfirm}>
        {intl.formatMessage({ id: "Office.notifications.reset_yes" })}
      </button>
    </fieldset>
  );
}
