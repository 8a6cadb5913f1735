// The location-closed page (spec §2 "Other shared screens"): shown instead of the callback form when
// the location restricts callback hours and is closed, with its open hours for the coming week.
import { FormattedMessage, useIntl } from "react-intl";
import { reopensAt } from "../../../shared/opening-hours.ts";
import type { LocationResource } from "../../api/locations.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeFutureOpenHours } from "./future-open-hours.ts";
import styles from "./notice.module.css";

type Props = { location: LocationResource; now?: Date };

export function LocationClosedNotice({ location, now = new Date() }: Props) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: "Notices.closed_title" });
  usePageTitle(title);
  const { name, future_open_hours: future, timezone } = location.attributes;
  const days = describeFutureOpenHours(future, timezone, intl.locale, now);
  // Closed for a break between two of today's periods (lunch), and today still lists an opening.
  const reopens = days[0]?.isToday
    ? reopensAt(location.attributes.opening_periods, timezone, now)
    : null;
  return (
    <section className={styles.notice} aria-labelledby="closed-title">
      <ClosedIcon />
      <h1 id="closed-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>
        <FormattedMessage id="Notices.closed_subtitle" values={{ location: name }} />
      </p>
      {reopens && (
        <p className={styles.message}>
          <FormattedMessage
            id="Notices.reopens_at"
            values={{ time: intl.formatTime(reopens, { timeZone: timezone }) }}
          />
        </p>
      )}
      <h2 className={styles.subheading}>
        <FormattedMessage id="Notices.closed_hours_heading" />
      </h2>
      {days.length === 0 ? (
        <p>
          <FormattedMessage id="Notices.closed_no_hours" />
        </p>
      ) : (
        <ul className={styles.hours}>
          {days.map((day) => (
            <li
              key={day.weekday}
              className={day.isToday ? `${styles.day} ${styles.today}` : styles.day}
            >
              <span>
                {day.dayName}
                {day.isToday && (
                  <span className={styles.todayTag}>
                    <FormattedMessage id="Notices.today" />
                  </span>
                )}
              </span>
              <span>{day.hours}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ClosedIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm.5-13H11v6l5.2 3.2.8-1.3-4.5-2.7V7Z"
      />
    </svg>
  );
}
