// The cancelled state (spec §2, §8): the title — "Your place in line has been cancelled", the page's
// one word for a place in line rather than §8's "appointment" (a queue place is not one) — and a button
// back to the same location's form with the meeting method and language. Focus moves to the title
// when the visitor has just cancelled, so a screen reader says what happened.
import { useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { bookAgainAfterCancelPath } from "./book-another-path.ts";
import styles from "./confirmation.module.css";
import type { Booking } from "./read-booking.ts";

type Props = { booking: Booking; focusTitle?: boolean };

export function CancelledCard({ booking, focusTitle = false }: Props) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: "Confirmation.cancelled_title" });
  usePageTitle(title);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <section className={`${styles.card} ${styles.centred}`} aria-labelledby="cancelled-title">
      <CancelledIcon />
      <h1 id="cancelled-title" ref={titleRef} tabIndex={-1} className={styles.pageTitle}>
        {title}
      </h1>
      {booking.location && (
        <p className={`${styles.text} ${styles.muted}`}>
          <FormattedMessage
            id="Confirmation.cancelled_message"
            values={{ location: booking.location.name }}
          />
        </p>
      )}
      {booking.location && (
        <div className={`${styles.actions} ${styles.bookAnother}`}>
          <Link
            className={styles.button}
            to={bookAgainAfterCancelPath(booking.location.id, booking.meetingMethod, intl.locale)}
          >
            <FormattedMessage id="Confirmation.book_another" />
          </Link>
        </div>
      )}
    </section>
  );
}

function CancelledIcon() {
  return (
    <svg
      className={`${styles.statusIcon} ${styles.neutral}`}
      viewBox="0 0 24 24"
      width="56"
      height="56"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm3.6-12.9L12 10.6 8.4 7.1 7 8.5l3.6 3.5L7 15.6 8.4 17l3.6-3.6 3.6 3.6 1.4-1.4-3.6-3.6L17 8.5l-1.4-1.4Z"
      />
    </svg>
  );
}
