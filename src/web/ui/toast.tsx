// Short confirmations that stay on screen a few seconds ("Harbour Branch moved to position 2"): one
// queue for the back office, shown in a labelled landmark at the bottom of the page (React Aria:
// announced when they arrive, each one a non-modal alertdialog with a close button, timers paused
// while hovered or focused). Errors stay beside what failed, not here.
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { useIntl } from "react-intl";
import styles from "./toast.module.css";

type ToastContentValue = { title: string };

/** React Aria asks for at least 5 s; a little more reads comfortably in every language. */
export const TOAST_TIMEOUT_MS = 6000;

export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: 3 });

export function showToast(title: string): void {
  toastQueue.add({ title }, { timeout: TOAST_TIMEOUT_MS });
}

export function ToastArea() {
  const intl = useIntl();
  return (
    <ToastRegion
      queue={toastQueue}
      className={styles.region}
      aria-label={intl.formatMessage({ id: "Office.ui.toast.region" })}
    >
      {({ toast }) => (
        <Toast toast={toast} className={styles.toast}>
          <ToastContent className={styles.content}>
            <Text slot="title">{toast.content.title}</Text>
          </ToastContent>
          <Button
            slot="close"
            className={styles.close}
            aria-label={intl.formatMessage({ id: "Office.close" })}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z"
              />
            </svg>
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
