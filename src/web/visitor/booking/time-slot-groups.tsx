// The chosen day's free times, under its name, grouped as the location's clock reads them (morning,
// afternoon, evening; slot-times.ts), each a button named by its full date and time. Choosing one
// continues the booking.
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AvailableSlot } from "../../api/booking/availability.ts";
import styles from "./booking.module.css";
import { dayName, groupSlots } from "./slot-times.ts";

const PART_WORDS = {
  morning: "Booking.morning",
  afternoon: "Booking.afternoon",
  evening: "Booking.evening",
} as const;

type Props = {
  date: string;
  slots: readonly AvailableSlot[];
  timeZone: string;
  /** the start chosen before, shown pressed */
  chosen: string | null;
  onChoose: (slot: AvailableSlot) => void;
};

export function TimeSlotGroups({ date, slots, timeZone, chosen, onChoose }: Props) {
  const intl = useIntl();
  const id = useId();
  const groups = groupSlots(slots, { timeZone, locale: intl.locale });
  return (
    <section className={styles.dayTimes} aria-labelledby={`${id}-day`}>
      <h2 id={`${id}-day`} className={styles.dayTitle}>
        {dayName(date, intl.locale)}
      </h2>
      {groups.map(({ part, times }) => (
        <div key={part}>
          <h3 id={`${id}-${part}`} className={styles.partTitle}>
            <FormattedMessage id={PART_WORDS[part]} />
          </h3>
          <ul className={styles.times}>
            {times.map(({ slot, label, name }) => (
              <li key={slot.start}>
                <button
                  type="button"
                  className={styles.time}
                  aria-label={name}
                  aria-pressed={slot.start === chosen}
                  onClick={() => onChoose(slot)}
                >
                  {label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
