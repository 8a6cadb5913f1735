// The one confirm dialog of the app, for visitors and staff alike: the native <dialog>, so it costs
// the visitor pages almost nothing. showModal() makes the page behind inert and traps focus, Escape
// closes it; focus starts on the safe choice, so Enter pressed by habit changes nothing, and returns
// to the opener afterwards. A failure is shown inside the dialog as an alert, so it is announced.
import { type ReactNode, useEffect, useId, useRef } from "react";
import styles from "./confirm-dialog.module.css";

type Props = {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** the action is under way: buttons stay put but do nothing, Escape does not close */
  busy?: boolean;
  error?: ReactNode;
  /** a destructive action gets the warning colour */
  tone?: "danger" | "primary";
  /** alertdialog when the action cannot be undone (cancel a visit, archive a location) */
  role?: "dialog" | "alertdialog";
};

export function ConfirmDialog(props: Props) {
  const { open, busy = false, onClose } = props;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const safeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<Element | null>(null);
  // Set at once on confirm: `busy` arrives a render later, and a double click must not act twice.
  const confirming = useRef(false);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      safeRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: an error or a close ends an attempt even when `busy` never turned true in between
  useEffect(() => {
    if (!busy) confirming.current = false;
  }, [busy, open, props.error]);

  // Focus goes back to the button that opened the dialog, if it is still on the page: when it
  // closes, or when the page takes the whole dialog away (the lobby shows one at a time).
  useEffect(() => {
    if (!open) returnFocus(openerRef, true);
  }, [open]);
  // Kept on unmount: React's development double mount runs this while the dialog stays open (the
  // page behind is inert then, so the focus call does nothing and the opener is still known later).
  useEffect(() => () => returnFocus(openerRef, false), []);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      role={props.role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault(); // React state, not the browser, decides when it closes
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {props.title}
      </h2>
      <p id={messageId} className={styles.message}>
        {props.message}
      </p>
      {props.error && (
        <p className={styles.error} role="alert">
          {props.error}
        </p>
      )}
      <div className={styles.buttons}>
        <button
          ref={safeRef}
          type="button"
          className={styles.cancel}
          onClick={() => !busy && onClose()}
        >
          {props.cancelLabel}
        </button>
        <button
          type="button"
          className={props.tone === "danger" ? styles.danger : styles.confirm}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (busy || confirming.current) return;
            confirming.current = true;
            props.onConfirm();
          }}
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

function returnFocus(openerRef: { current: Element | null }, forget: boolean) {
  const opener = openerRef.current;
  if (forget) openerRef.current = null;
  if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
}
