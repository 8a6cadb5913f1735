// Asks before a destructive action (cancel a visit, mark a no-show): what will happen, a button
// that says it, and "keep" with focus, so Enter pressed by habit changes nothing.
import { useIntl } from "react-intl";
import controls from "../forms/controls.module.css";
import styles from "./dialog-frame.module.css";
import { DialogFrame } from "./dialog-frame.tsx";

type Props = {
  isOpen: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({ isOpen, title, body, confirmLabel, onConfirm, onClose }: Props) {
  const intl = useIntl();
  return (
    <DialogFrame isOpen={isOpen} onClose={onClose} title={title} role="alertdialog">
      <p className={styles.body}>{body}</p>
      <div className={styles.buttons}>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={onClose}
          // biome-ignore lint/a11y/noAutofocus: the safe choice takes focus in a confirmation dialog
          autoFocus
        >
          {intl.formatMessage({ id: "Office.keep_visit" })}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.danger}`}
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
