// The finder's results (spec §2, §9): beside the map, at most 50vh high and scrolling inside the
// floating panel, numbered as its markers; on a phone, every location at full height in the page's
// own scroll. Each entry opens the location's details.
import { useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import styles from "./location-list.module.css";
import { LocationListItem } from "./location-list-item.tsx";

type Props = {
  locations: readonly LocationResource[];
  radius: number;
  /** numbers that match the map's markers; without a map they would mean nothing */
  numbered: boolean;
  /** whether the vendor shows waits (show_wait_time) */
  showWait: boolean;
  onOpen: (location: LocationResource) => void;
};

export function LocationList({ locations, radius, numbered, showWait, onOpen }: Props) {
  const intl = useIntl();
  return (
    <ol
      className={numbered ? `${styles.list} ${styles.besideMap}` : styles.list}
      aria-label={intl.formatMessage({ id: "LocationFinder.results" })}
    >
      {locations.map((location, index) => (
        <LocationListItem
          key={location.id}
          location={location}
          number={numbered ? index + 1 : null}
          radius={radius}
          showWait={showWait}
          onOpen={onOpen}
        />
      ))}
    </ol>
  );
}
