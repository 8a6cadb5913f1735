// A location's weekly opening hours in the finder's details (spec §2): one row per weekday in the
// visitor's week order, today emphasised (by the location's clock), closed days said in words.
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { useNow } from "../wait-time/use-now.ts";
import styles from "./location-details.module.css";
import { weeklyHoursRows } from "./weekly-hours-rows.ts";

export function OpeningHoursTable({ location }: { location: LocationResource }) {
  const intl = useIntl();
  const now = useNow();
  const titleId = useId();
  const { opening_periods: periods, timezone } = location.attributes;
  const rows = weeklyHoursRows(periods, {
    locale: intl.locale,
    timeZone: timezone,
    now: new Date(now),
  });
  const visitorZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zoneName = new Intl.DateTimeFormat(intl.locale, {
    timeZone: timezone,
    timeZoneName: "short",
  })
    .formatToParts(new Date(now))
    .find((part) => part.type === "timeZoneName")?.value;

  return (
    <section className={styles.hours} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        <FormattedMessage id="LocationFinder.hours_title" />
      </h3>
      <table className={styles.hoursTable}>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.weekday}
              className={row.isToday ? styles.today : undefined}
              aria-current={row.isToday ? "date" : undefined}
            >
              <th scope="row">
                {row.dayName}
                {row.isToday && (
                  <span className={styles.todayTag}>
                    <FormattedMessage id="LocationFinder.today" />
                  </span>
                )}
              </th>
              <td>{row.hours ?? <FormattedMessage id="LocationFinder.hours_closed" />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {visitorZone !== timezone && zoneName && (
        <p className={styles.zoneNote}>
          <FormattedMessage id="LocationFinder.hours_zone" values={{ zone: zoneName }} />
        </p>
      )}
    </section>
  );
}
