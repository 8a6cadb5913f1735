// "That time was just taken" (a 409 slot_taken on booking or moving): an alert, focused so it is
// read at once, with the nearest free times the server offered as buttons, each named by its full
// date and time in the location's zone, and a way to all the times.
import { useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AvailableSlot } from "../../api/booking/availability.ts";
import { Link } from "../../routing/routing.tsx";
import styles from "./booking.module.css";

type Props = {
  nearest: readonly AvailableSlot[];
  timeZone: string;
  onChoose: (slot: AvailableSlot) => void;
  /** the time step, for every other time */
  allTimes: string;
};

export function SlotTakenNotice({ nearest, timeZone, onChoose, allTimes }: Props) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const full = new Intl.DateTimeFormat(intl.locale, {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  });
  return (
    <div ref={ref} className={styles.alert} role="alert" tabIndex={-1}>
      <p className={styles.alertTitle}>
        <FormattedMessage id="Booking.slot_taken_title" />
      </p>
      <p className={styles.lead}>
        <FormattedMessage
          id={nearest.length ? "Booking.slot_taken_nearest" : "Booking.slot_taken_none"}
        />
      </p>
      {nearest.length > 0 && (
        <ul className={styles.times}>
          {nearest.map((slot) => (
            <li key={slot.start}>
              <button type="button" className={styles.time} onClick={() => onChoose(slot)}>
                {full.format(new Date(slot.start))}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={allTimes}>
          <FormattedMessage id="Booking.all_times" />
        </Link>
      </p>
    </div>
  );
}
