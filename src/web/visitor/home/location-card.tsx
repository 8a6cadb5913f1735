// One location on the home page: name, open or closed now, the current wait while open, address,
// distance once the visitor shared where they are, the phone in the country's own format, and
// "Join the line", whose link covers the card so that the whole card is the way in.
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { paths } from "../../paths.ts";
import { Link } from "../../routing/routing.tsx";
import { WaitTimeLine } from "../wait-time/wait-time-line.tsx";
import styles from "./location-card.module.css";

type Props = {
  location: LocationResource;
  /** the vendor shows waits (vendor setting show_wait_time) */
  showWait: boolean;
  /** the home page's query (lang, utm_*…), carried to the form as the finder does (spec §2) */
  query: Record<string, string>;
};

export function LocationCard({ location, showWait, query }: Props) {
  const intl = useIntl();
  const a = location.attributes;
  const open = a.is_currently_open;
  const headingId = useId();
  return (
    <article
      className={open ? styles.card : `${styles.card} ${styles.closedCard}`}
      aria-labelledby={headingId}
    >
      <div className={styles.top}>
        <h2 id={headingId} className={styles.name}>
          {a.name}
        </h2>
        <p className={open ? styles.open : styles.closed}>
          <span className={styles.dot} aria-hidden="true" />
          <FormattedMessage id={open ? "Home.open_now" : "Home.closed_now"} />
        </p>
      </div>
      {a.formatted_address && <address className={styles.address}>{a.formatted_address}</address>}
      {a.distance !== undefined && a.unit && (
        <p className={styles.distance}>
          <FormattedMessage
            id="LocationFinder.distance_away"
            values={{ distance: distanceText(a.distance, a.unit, intl.locale) }}
          />
        </p>
      )}
      {/* A wait means something only while the branch is open to take the visitor. */}
      {showWait && open && (
        <WaitTimeLine loading={false} expectedStart={a.expected_start} className={styles.wait} />
      )}
      <div className={styles.footer}>
        {a.phone && (
          <p className={styles.phone}>
            <PhoneIcon />
            <span className="visually-hidden">
              <FormattedMessage id="Home.phone" />:{" "}
            </span>
            <a href={paths.tel(a.phone)}>{a.phone_formatted ?? a.phone}</a>
          </p>
        )}
        <Link
          className={open ? styles.join : `${styles.join} ${styles.joinQuiet}`}
          to={paths.callbackService(location.id, query)}
          aria-describedby={headingId}
        >
          <FormattedMessage id="Home.join_line" />
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6-6.6 6.6Z" />
          </svg>
        </Link>
      </div>
    </article>
  );
}

function PhoneIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z"
      />
    </svg>
  );
}

const UNIT_NAMES = { mi: "mile", km: "kilometer" } as const;

/**
 * "1.2 km", "3,4 km", "0.5 mi" as the finder writes them (format-distance.ts), kept in this chunk:
 * sharing the finder's module would add a chunk to the preload list every page's entry carries.
 */
function distanceText(value: number, unit: "mi" | "km", locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: UNIT_NAMES[unit],
    unitDisplay: "short",
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
