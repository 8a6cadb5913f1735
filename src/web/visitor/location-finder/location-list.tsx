// The finder's results (spec §2, §9): at most 50vh high, scrolling inside; each entry opens the
// location's details. Beside a map, numbers match its markers.
import { useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import styles from "./location-list.module.css";
import { LocationListItem } from "./location-list-item.tsx";

type Props = {
  locations: readonly LocationResource[];
  radius: number;
  /** numbers that match the map's markers; without a map they would mean nothing */
  numbered: boolean;
  onOpen: (location: LocationResource) => void;
};

export function LocationList({ locations, radius, numbered, onOpen }: Props) {
  const intl = useIntl();
  return (
    <ol className={styles.list} aria-label={intl.formatMessage({ id: "LocationFinder.results" })}>
      {locations.map((location, index) => (
        <LocationListItem
          key={location.id}
          location={location}
          number={numbered ? index + 1 : null}
          radius={radius}
          onOpen={onOpen}
        />
      ))}
    </ol>
  );
}
