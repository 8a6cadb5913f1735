// One location in the finder's list: its number on the map, name, address, open or closed now,
// and, after a place search, how far it is and whether it is within the vendor's radius.
import { FormattedMessage, useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { formatDistance } from "./format-distance.ts";
import styles from "./location-list.module.css";
import { OpenNowBadge } from "./open-now-badge.tsx";

type Props = {
  location: LocationResource;
  number: number | null;
  /** the vendor's search radius, in the location's unit */
  radius: number;
  onOpen: (location: LocationResource) => void;
};

export function LocationListItem({ location, number, radius, onOpen }: Props) {
  const intl = useIntl();
  const a = location.attributes;
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
        </span>
      </button>
    </li>
  );
}
