// "Open now" / "Closed now" for a location, by its weekly hours in its own time zone (spec §4),
// recomputed as the minutes pass rather than frozen at the moment the list loaded; during a closure
// between two periods (lunch), when it reopens.
import { FormattedMessage, useIntl } from "react-intl";
import { isOpenAt, reopensAt } from "../../../shared/opening-hours.ts";
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

/** When a location closed for a break today opens again; null when it is not in such a break. */
export function locationReopensAt(location: LocationResource, now: number): Date | null {
  const { opening_periods: periods, timezone } = location.attributes;
  return reopensAt(periods, timezone, new Date(now));
}

export function OpenNowBadge({ location }: { location: LocationResource }) {
  const intl = useIntl();
  const now = useNow();
  const open = isLocationOpen(location, now);
  const reopens = open ? null : locationReopensAt(location, now);
  return (
    <span className={open ? styles.open : styles.closed}>
      <span className={styles.dot} aria-hidden="true" />
      {reopens ? (
        <FormattedMessage
          id="LocationFinder.reopens_at"
          values={{
            time: intl.formatTime(reopens, { timeZone: location.attributes.timezone }),
          }}
        />
      ) : (
        <FormattedMessage id={open ? "LocationFinder.open_now" : "LocationFinder.closed_now"} />
      )}
    </span>
  );
}
