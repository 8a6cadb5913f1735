// Directions and Phone for an in-person visit (spec §2, hidden on a kiosk): the maps directions to
// the branch in a new tab, and a tel: link to the branch.
import { FormattedMessage } from "react-intl";
import { paths } from "../../paths.ts";
import styles from "./confirmation.module.css";
import type { BookingLocation } from "./read-booking.ts";

export function LocationActions({ location }: { location: BookingLocation }) {
  return (
    <div className={styles.actions}>
      <a
        className={styles.secondaryButton}
        href={paths.directions(location.address)}
        target="_blank"
        rel="noopener noreferrer"
      >
        <DirectionsIcon />
        <FormattedMessage id="Confirmation.directions" />
        <span className="visually-hidden">
          {" "}
          <FormattedMessage id="Common.opens_in_new_tab" />
        </span>
      </a>
      {location.phone && (
        <a className={styles.secondaryButton} href={paths.tel(location.phone)}>
          <PhoneIcon />
          <FormattedMessage id="Confirmation.phone" />
        </a>
      )}
    </div>
  );
}

function DirectionsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="m21.7 11.3-9-9a1 1 0 0 0-1.4 0l-9 9a1 1 0 0 0 0 1.4l9 9a1 1 0 0 0 1.4 0l9-9a1 1 0 0 0 0-1.4ZM14 14.5V12h-4v3H8v-4a1 1 0 0 1 1-1h5V7.5l3.5 3.5-3.5 3.5Z"
      />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z"
      />
    </svg>
  );
}
