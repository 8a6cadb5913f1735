// The wait-time line of the callback form (spec §2 "optional wait-time line", §4): loading, then
// the current wait or "no walk-ins currently". The caller decides whether the vendor shows it.
import { FormattedMessage, useIntl } from "react-intl";
import { formatWaitDuration } from "../../../shared/durations.ts";
import { formatWaitTime } from "./format-wait-time.ts";
import { useNow } from "./use-now.ts";
import styles from "./wait-time-line.module.css";

type Props = {
  /** true while the location's services and wait times load */
  loading: boolean;
  /** when a visitor joining now is expected to start; null when nobody is waiting */
  expectedStart: string | Date | null | undefined;
  className?: string;
};

export function WaitTimeLine({ loading, expectedStart, className }: Props) {
  const intl = useIntl();
  const now = useNow();
  const classes = [styles.line, className].filter(Boolean).join(" ");
  if (loading) {
    return (
      <p className={classes} role="status">
        <ClockIcon />
        <FormattedMessage id="WaitTime.loading" />
      </p>
    );
  }
  const reading = formatWaitTime(expectedStart, now, intl.locale);
  return (
    <p className={classes}>
      <ClockIcon />
      {reading.kind === "none" ? (
        <FormattedMessage id="WaitTime.none" />
      ) : (
        <FormattedMessage
          id="WaitTime.current"
          values={{
            // A joiner is never served at once: "you are next" rounds up like any short wait.
            duration: (
              <strong className={styles.duration}>
                {reading.kind === "wait" ? reading.duration : formatWaitDuration(0, intl.locale)}
              </strong>
            ),
          }}
        />
      )}
    </p>
  );
}

function ClockIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm.5-13H11v6l5.2 3.2.8-1.3-4.5-2.7V7Z"
      />
    </svg>
  );
}
