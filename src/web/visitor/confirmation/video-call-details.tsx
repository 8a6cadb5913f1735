// The remote part of a video visit (spec §2): while waiting, "we will send a link"; once the meeting
// is in progress, Join the call (the meeting link, in a new tab) and the dial-in number with its PIN.
import { FormattedMessage } from "react-intl";
import { paths } from "../../paths.ts";
import styles from "./confirmation.module.css";
import type { Booking } from "./read-booking.ts";

export function VideoCallDetails({ booking }: { booking: Booking }) {
  const { meetingLink, dialIn } = booking;
  const ready = booking.status === "in_progress" && (meetingLink !== null || dialIn !== null);
  if (!ready) {
    return (
      <p className={`${styles.text} ${styles.notice}`}>
        <FormattedMessage id="Confirmation.video_link_soon" />
      </p>
    );
  }
  return (
    <div className={styles.call}>
      {meetingLink && (
        <a
          className={`${styles.button} ${styles.block}`}
          href={meetingLink}
          target="_blank"
          rel="noopener noreferrer"
        >
          <VideoIcon />
          <FormattedMessage id="Confirmation.join_call" />
          <span className="visually-hidden">
            {" "}
            <FormattedMessage id="Common.opens_in_new_tab" />
          </span>
        </a>
      )}
      {dialIn && (
        <p className={styles.text}>
          <FormattedMessage id="Confirmation.dial_in" />{" "}
          <a className={styles.inlineLink} href={paths.tel(dialIn.e164)}>
            {dialIn.international}
          </a>
        </p>
      )}
      {dialIn?.pin && (
        <p className={styles.text}>
          <FormattedMessage id="Confirmation.pin" values={{ pin: dialIn.pin }} />
        </p>
      )}
    </div>
  );
}

function VideoIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M17 10.5V7a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-3.5l4 4v-11l-4 4Z"
      />
    </svg>
  );
}
