// After feedback is sent (spec §4, §8): "Feedback successfully sent, thank you!", then the location's
// review link when it has one. Focus moves here, since the form the visitor was in is gone.
import { useEffect, useId, useRef } from "react";
import { FormattedMessage } from "react-intl";
import styles from "./confirmation.module.css";

export function FeedbackThanks({ reviewUrl }: { reviewUrl: string | null }) {
  const headingId = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        <FormattedMessage id="Feedback.title" />
      </h2>
      <p ref={messageRef} tabIndex={-1} role="status" className={`${styles.text} ${styles.thanks}`}>
        <FormattedMessage id="Feedback.success" />
      </p>
      {reviewUrl && (
        <>
          <p className={`${styles.text} ${styles.muted}`}>
            <FormattedMessage id="Feedback.review_prompt" />
          </p>
          <div className={styles.actions}>
            <a
              className={styles.secondaryButton}
              href={reviewUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <FormattedMessage id="Feedback.review_link" />
              <span className="visually-hidden">
                {" "}
                <FormattedMessage id="Common.opens_in_new_tab" />
              </span>
            </a>
          </div>
        </>
      )}
    </section>
  );
}
