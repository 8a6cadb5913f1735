// One location in the finder's list: its number on the map, name, address, open or closed now, the
// current wait while open, and, after a place search, how far it is and whether it is within the
// vendor's radius. The whole row is one button, with a chevron that says it opens.
import { FormattedMessage, useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { useNow } from "../wait-time/use-now.ts";
import { formatDistance } from "./format-distance.ts";
import { ListWait } from "./list-wait.tsx";
import styles from "./location-list.module.css";
import { isLocationOpen, OpenNowBadge } from "./open-now-badge.tsx";

type Props = {
  location: LocationResource;
  number: number | null;
  /** the vendor's search radius, in the location's unit */
  radius: number;
  showWait: boolean;
  onOpen: (location: LocationResource) => void;
};

export function LocationListItem({ location, number, radius, showWait, onOpen }: Props) {
  const intl = useIntl();
  const a = location.attributes;
  const now = useNow();
  const open = isLocationOpen(location, now);
  return (
    <li className={styles.item}>
      <button
        type="button"
        className={styles.button}
        onClick={() => onOpen(location)}
        data-location-id={location.id}
      >
        {number !== null && (
          <span className={styles.number} aria-hidden="true">
            {number}
          </span>
        )}
        <span className={styles.body}>
          <span className={styles.name}>{a.name}</span>
          <span className={styles.address}>{a.formatted_address}</span>
          <span className={styles.meta}>
            <OpenNowBadge location={location} />
            {a.distance !== undefined && a.unit && (
              <span className={styles.distance}>
                <FormattedMessage
                  id="LocationFinder.distance_away"
                  values={{ distance: formatDistance(a.distance, a.unit, intl.locale) }}
                />
              </span>
            )}
            {a.within && (
              <span className={styles.within}>
                <FormattedMessage
                  id="LocationFinder.within_radius"
                  values={{ radius: formatDistance(radius, a.unit ?? "km", intl.locale) }}
                />
              </span>
            )}
          </span>
          {showWait && open && (
            <ListWait expectedStart={a.expected_start} now={now} className={styles.wait} />
          )}
        </span>
        <svg
          className={styles.chevron}
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          focusable="false"
        >
          <path fill="currentColor" d="M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6-6.6 6.6Z" />
        </svg>
      </button>
    </li>
  );
}
