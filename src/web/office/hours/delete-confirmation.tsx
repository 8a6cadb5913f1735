// Asks before a holiday or special day goes: the question, "keep it" with focus (so an Enter
// pressed by habit changes nothing, Escape too) and the delete itself.
import { useEffect, useRef } from "react";
import controls from "../../ui/controls.module.css";
import styles from "./hours-page.module.css";

type Props = {
  question: string;
  keepLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  onKeep: () => void;
};

export function DeleteConfirmation({
  question,
  keepLabel,
  confirmLabel,
  onConfirm,
  onKeep,
}: Props) {
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
        {keepLabel}
      </button>
      <button type="button" className={`${controls.button} ${controls.danger}`} onClick={onConfirm}>
        {confirmLabel}
      </button>
    </fieldset>
  );
}
