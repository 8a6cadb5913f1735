// Feedback on a completed visit (spec §4 Feedback, §5, §8): a half-star rating and an optional text
// (read when the field loses focus). Sending untouched shows "Please provide a rating before
// submitting" for 5 s and sends nothing; sending disables the button; success thanks the visitor
// and offers the location's review link; a failed post only re-enables the button.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useWalkinFeedback } from "../../api/walkin-feedback.ts";
import styles from "./confirmation.module.css";
import { FeedbackThanks } from "./feedback-thanks.tsx";
import type { Booking } from "./read-booking.ts";
import { StarRating } from "./star-rating.tsx";

export const FEEDBACK_ERROR_MS = 5_000;

export function FeedbackCard({ booking }: { booking: Booking }) {
  const intl = useIntl();
  const headingId = useId();
  const errorId = useId();
  const experienceId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const experience = useRef("");
  /** when the rating error was last asked for; a new attempt restarts its 5 s */
  const [errorSince, setErrorSince] = useState<number | null>(null);
  const send = useWalkinFeedback();
  // Set at once on submit: the mutation's own pending flag reaches the page a render later.
  const sending = useRef(false);

  useEffect(() => {
    if (errorSince === null) return;
    const timer = setTimeout(() => setErrorSince(null), FEEDBACK_ERROR_MS);
    return () => clearTimeout(timer);
  }, [errorSince]);

  if (send.isSuccess) return <FeedbackThanks reviewUrl={booking.location?.reviewUrl ?? null} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (rating === null) {
      setErrorSince(Date.now());
      return;
    }
    sending.current = true;
    send.mutate(
      { id: booking.id, code: booking.code, rating, experience: experience.current },
      {
        // Spec §8: a failed post silently re-enables the button; it is still logged.
        onError: (error) => console.error("feedback could not be sent", error),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        <FormattedMessage id="Feedback.title" />
      </h2>
      <form noValidate onSubmit={submit}>
        <StarRating
          value={rating}
          legend={intl.formatMessage({ id: "Feedback.rating_legend" })}
          errorId={errorSince !== null ? errorId : undefined}
          onChange={(value) => {
            setRating(value);
            setErrorSince(null);
          }}
        />
        {errorSince !== null && (
          <p id={errorId} className={styles.alert} role="alert">
            <FormattedMessage id="Feedback.rating_required" />
          </p>
        )}
        <label htmlFor={experienceId} className={styles.fieldLabel}>
          <FormattedMessage id="Feedback.experience_label" />
        </label>
        <textarea
          id={experienceId}
          className={styles.textarea}
          rows={4}
          maxLength={5000}
          onBlur={(event) => {
            experience.current = event.target.value;
          }}
        />
        <div className={styles.actions}>
          <button
            type="submit"
            className={`${styles.button} ${styles.block}`}
            aria-disabled={send.isPending || undefined}
          >
            <FormattedMessage id={send.isPending ? "Feedback.sending" : "Feedback.send"} />
          </button>
        </div>
      </form>
    </section>
  );
}
