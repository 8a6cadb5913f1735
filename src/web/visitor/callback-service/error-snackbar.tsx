// The "Error" snackbar of a failed join (spec §4, §8): announced as an alert, and closed only by its
// own button — a click elsewhere on the page leaves it up.
import { FormattedMessage, useIntl } from "react-intl";
import styles from "./error-snackbar.module.css";
import type { JoinFailure } from "./use-join-submission.ts";

export function ErrorSnackbar({
  failure,
  onDismiss,
}: {
  failure: JoinFailure;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  return (
    <div className={styles.snackbar} role="alert">
      <div className={styles.text}>
        <p className={styles.title}>
          <FormattedMessage id="Form.error_title" />
        </p>
        <p className={styles.detail}>
          {failure.detail ?? intl.formatMessage({ id: failure.messageId })}
        </p>
      </div>
      <button
        type="button"
        className={styles.dismiss}
        onClick={onDismiss}
        aria-label={intl.formatMessage({ id: "Form.dismiss" })}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z"
          />
        </svg>
      </button>
    </div>
  );
}
