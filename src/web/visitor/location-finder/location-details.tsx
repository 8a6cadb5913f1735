// One location opened from the finder (spec §2, §4 "Location selection"): name, open now, wait
// time, address, Directions and Call, opening hours; Back to results, and Select this location.
import { useEffect, useId, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { WaitTimeLine } from "../wait-time/wait-time-line.tsx";
import { formatDistance } from "./format-distance.ts";
import styles from "./location-details.module.css";
import { OpenNowBadge } from "./open-now-badge.tsx";
import { OpeningHoursTable } from "./opening-hours-table.tsx";

type Props = {
  location: LocationResource;
  onBack: () => void;
  onSelect: (location: LocationResource) => void;
};

export function LocationDetails({ location, onBack, onSelect }: Props) {
  const intl = useIntl();
  const vendor = useCurrentVendor();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const a = location.attributes;
  const showWait = vendor.attributes?.show_wait_time ?? true;
  const showHours = !(vendor.attributes?.client_view.hide_location_hours ?? false);

  // Moving focus to the heading tells a screen reader where it is and starts the reading there.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <article className={styles.details} aria-labelledby={headingId}>
      <button type="button" className={styles.back} onClick={onBack}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12l6.6-6.6Z" />
        </svg>
        <FormattedMessage id="LocationFinder.back" />
      </button>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.name}>
        {a.name}
      </h2>
      <div className={styles.status}>
        <OpenNowBadge location={location} />
        {a.distance !== undefined && a.unit && (
          <span className={styles.distance}>
            <FormattedMessage
              id="LocationFinder.distance_away"
              values={{ distance: formatDistance(a.distance, a.unit, intl.locale) }}
            />
          </span>
        )}
      </div>
      {showWait && <WaitTimeLine loading={false} expectedStart={a.expected_start} />}
      <address className={styles.address}>{a.formatted_address}</address>
      <div className={styles.actions}>
        <a
          className={styles.secondaryButton}
          href={paths.directions(a.formatted_address)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="m21.7 11.3-9-9a1 1 0 0 0-1.4 0l-9 9a1 1 0 0 0 0 1.4l9 9a1 1 0 0 0 1.4 0l9-9a1 1 0 0 0 0-1.4ZM14 14.5V12h-4v3H8v-4a1 1 0 0 1 1-1h5V7.5l3.5 3.5-3.5 3.5Z"
            />
          </svg>
          <FormattedMessage id="LocationFinder.directions" />
          <span className="visually-hidden">
            {" "}
            <FormattedMessage id="Common.opens_in_new_tab" />
          </span>
        </a>
        {a.phone && (
          <a className={styles.secondaryButton} href={paths.tel(a.phone)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z"
              />
            </svg>
            <FormattedMessage id="LocationFinder.call" />
            <span className="visually-hidden"> {a.phone_formatted ?? a.phone}</span>
          </a>
        )}
      </div>
      <button type="button" className={styles.select} onClick={() => onSelect(location)}>
        <FormattedMessage id="LocationFinder.select" />
      </button>
      {showHours && <OpeningHoursTable location={location} />}
    </article>
  );
}
