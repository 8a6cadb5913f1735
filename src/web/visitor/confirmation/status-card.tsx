// The head of the confirmation page (spec §2): a check, "your request has been added", when we
// will notify you and the wait ("approximately N" or "you are next"); then "it is your turn", the
// end of the visit, or a no-show. The title is a polite live region, so a change made by staff
// while the visitor waits is announced as well as shown.
import { FormattedMessage, useIntl } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { formatWaitTime } from "../wait-time/format-wait-time.ts";
import { useNow } from "../wait-time/use-now.ts";
import styles from "./confirmation.module.css";
import type { Booking } from "./read-booking.ts";

type Props = { booking: Booking; expectedStart: string | null };

const TITLES = {
  waiting: "Confirmation.added_title",
  in_progress: "Confirmation.in_progress_title",
  completed: "Confirmation.completed_title",
  no_show: "Confirmation.no_show_title",
  cancelled: "Confirmation.cancelled_title",
} as const;

export function StatusCard({ booking, expectedStart }: Props) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: TITLES[booking.status] });
  usePageTitle(title);
  const ended = booking.status === "completed" || booking.status === "no_show";
  return (
    <section className={`${styles.card} ${styles.centred}`} aria-labelledby="status-title">
      {booking.status === "no_show" ? <EndedIcon /> : <CheckIcon />}
      <h1 id="status-title" className={styles.pageTitle} aria-live="polite">
        {title}
      </h1>
      {booking.status === "waiting" && (
        <>
          <p className={styles.text}>
            <FormattedMessage
              id={booking.curbside ? "Confirmation.notify_curbside" : "Confirmation.notify"}
            />
          </p>
          {expectedStart !== null && <WaitBlock expectedStart={expectedStart} />}
        </>
      )}
      {booking.status === "in_progress" && (
        <p className={styles.text}>
          <FormattedMessage id="Confirmation.in_progress_message" />
        </p>
      )}
      {ended && (
        <p className={`${styles.text} ${styles.muted}`}>
          {booking.status === "completed" ? (
            <FormattedMessage
              id="Confirmation.completed_message"
              values={{ location: booking.location?.name ?? "" }}
            />
          ) : (
            <FormattedMessage id="Confirmation.no_show_message" />
          )}
        </p>
      )}
    </section>
  );
}

/** The wait, recomputed from the expected start every 30 s; a vendor text may replace its heading. */
function WaitBlock({ expectedStart }: { expectedStart: string }) {
  const intl = useIntl();
  const vendor = useCurrentVendor();
  const now = useNow();
  const reading = formatWaitTime(expectedStart, now, intl.locale);
  const heading = vendor.attributes?.duration_text?.trim();
  return (
    <div className={styles.wait}>
      <h2 className={styles.waitHeading}>
        {heading || <FormattedMessage id="Confirmation.wait_heading" />}
      </h2>
      <p className={styles.waitValue}>
        {reading.kind === "wait" ? (
          <FormattedMessage id="WaitTime.approximately" values={{ duration: reading.duration }} />
        ) : (
          <FormattedMessage id="WaitTime.you_are_next" />
        )}
      </p>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg
      className={`${styles.statusIcon} ${styles.success}`}
      viewBox="0 0 24 24"
      width="56"
      height="56"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.7 14.6-4.2-4.2 1.4-1.4 2.8 2.8 6-6 1.4 1.4-7.4 7.4Z"
      />
    </svg>
  );
}

function EndedIcon() {
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
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm-1-13h2v6h-2V7Zm0 8h2v2h-2v-2Z"
      />
    </svg>
  );
}
