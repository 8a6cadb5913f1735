// The visible countdown before a kiosk starts over after a confirmation. Screen readers hear it
// once, politely, rather than every second.
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import styles from "./kiosk.module.css";

export function KioskCountdown({ seconds }: { seconds: number }) {
  const intl = useIntl();
  const [announced] = useState(seconds);
  return (
    <aside
      className={styles.countdown}
      aria-label={intl.formatMessage({ id: "Kiosk.countdown_label" })}
    >
      <p aria-hidden="true" className={styles.countdownText} data-testid="kiosk-countdown">
        <FormattedMessage id="Kiosk.starting_over_in" values={{ seconds }} />
      </p>
      <p className="visually-hidden" role="status">
        <FormattedMessage id="Kiosk.starting_over_in" values={{ seconds: announced }} />
      </p>
    </aside>
  );
}
