// The lobby's live regions: one visible line for the outcome of an action (polite for a success,
// an alert for a failure) and a hidden polite one for new arrivals. They are always in the page,
// so screen readers are listening before the first message arrives.
import { useIntl } from "react-intl";
import styles from "./lobby-feedback.module.css";
import type { LobbyFeedbackState } from "./use-lobby-feedback.ts";

export function LobbyFeedback({ feedback }: { feedback: LobbyFeedbackState }) {
  const intl = useIntl();
  const { result, arrival } = feedback;
  return (
    <>
      <div role="status" className={styles.region}>
        {result?.kind === "success" && (
          <p key={result.id} className={`${styles.message} ${styles.success}`}>
            {result.text}
          </p>
        )}
      </div>
      <div role="alert" className={styles.region}>
        {result?.kind === "error" && (
          <p key={result.id} className={`${styles.message} ${styles.error}`}>
            <span>{result.text}</span>
            <button type="button" className={styles.dismiss} onClick={feedback.dismiss}>
              {intl.formatMessage({ id: "Office.dismiss" })}
            </button>
          </p>
        )}
      </div>
      <div role="status" className="visually-hidden">
        {arrival && <span key={arrival.id}>{arrival.text}</span>}
      </div>
    </>
  );
}
