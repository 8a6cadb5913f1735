// The time step's days: two weeks at a time, from the first day of the visitor's week, each day a
// button named by its full date and pressed when chosen; a day without free times (or gone by) is
// disabled. Earlier and later buttons page by two weeks; the range's month is a polite live region,
// so paging is announced, and the days are busy while their times load.
import { useId } from "react";
import { useIntl } from "react-intl";
import styles from "./booking.module.css";
import type { CalendarRange } from "./calendar-range.ts";
import { dayName } from "./slot-times.ts";

type Props = {
  range: CalendarRange;
  today: string;
  /** the days with free times; null while they load */
  available: ReadonlySet<string> | null;
  selected: string | null;
  onSelect: (date: string) => void;
  onEarlier: (() => void) | null;
  onLater: (() => void) | null;
};

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

export function DateStrip({
  range,
  today,
  available,
  selected,
  onSelect,
  onEarlier,
  onLater,
}: Props) {
  const intl = useIntl();
  const monthId = useId();
  const first = range.days[0] ?? range.start;
  const last = range.days.at(-1) ?? range.start;
  const month = new Intl.DateTimeFormat(intl.locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).formatRange(atNoon(first), atNoon(last));
  const weekday = new Intl.DateTimeFormat(intl.locale, { weekday: "narrow", timeZone: "UTC" });
  const dayNumber = new Intl.DateTimeFormat(intl.locale, { day: "numeric", timeZone: "UTC" });
  return (
    <div className={styles.strip}>
      <div className={styles.stripHead}>
        <PageButton
          label={intl.formatMessage({ id: "Booking.earlier_dates" })}
          onClick={onEarlier}
          path="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12l6.6-6.6Z"
        />
        <h2 id={monthId} className={styles.month} aria-live="polite">
          {month}
        </h2>
        <PageButton
          label={intl.formatMessage({ id: "Booking.later_dates" })}
          onClick={onLater}
          path="M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6-6.6 6.6Z"
        />
      </div>
      <fieldset className={styles.days} aria-labelledby={monthId} aria-busy={available === null}>
        {range.days.slice(0, 7).map((date) => (
          <span key={`head-${date}`} className={styles.weekday} aria-hidden="true">
            {weekday.format(atNoon(date))}
          </span>
        ))}
        {range.days.map((date) => {
          const open = date >= today && Boolean(available?.has(date));
          return (
            <button
              key={date}
              type="button"
              className={date === today ? `${styles.day} ${styles.today}` : styles.day}
              aria-label={dayName(date, intl.locale)}
              aria-pressed={date === selected}
              aria-current={date === today ? "date" : undefined}
              disabled={!open}
              onClick={() => onSelect(date)}
            >
              {dayNumber.format(atNoon(date))}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}

function PageButton({
  label,
  onClick,
  path,
}: {
  label: string;
  onClick: (() => void) | null;
  path: string;
}) {
  return (
    <button
      type="button"
      className={styles.pageButton}
      aria-label={label}
      disabled={onClick === null}
      onClick={onClick ?? undefined}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={path} />
      </svg>
    </button>
  );
}
