// "Open now" / "Closed now" for a location, by its weekly hours in its own time zone (spec §4),
// recomputed as the minutes pass rather than frozen at the moment the list loaded.
import { FormattedMessage } from "react-intl";
import { isOpenAt } from "../../../shared/opening-hours.ts";
import type { LocationResource } from "../../api/locations.ts";
import { useNow } from "../wait-time/use-now.ts";
import styles from "./open-now-badge.module.css";

export function isLocationOpen(location: LocationResource, now: number): boolean {
  // Every period, not spec §3's first-open-to-last-close `hours`: closed during a lunch closure.
  const { opening_periods: periods, timezone } = location.attributes;
  try {
    return isOpenAt(periods, timezone, new Date(now));
  } catch {
    // Closing before opening is an error (spec §4); such a day cannot be open.
    return false;
  }
}

export function OpenNowBadge({ location }: { location: LocationResource }) {
  const open = isLocationOpen(location, useNow());
  return (
    <span className={open ? styles.open : styles.closed}>
      <span className={styles.dot} aria-hidden="true" />
      <FormattedMessage id={open ? "LocationFinder.open_now" : "LocationFinder.closed_now"} />
    </span>
  );
}
