// The free times of a day as a group of radio buttons on the location's clock (the booking and
// move dialogs), with their loading, failure and "none" states; after a refused time, the nearest
// free ones the server offered instead.
import { useIntl } from "react-intl";
import type { AvailableSlot } from "../../api/office/staff-availability.ts";
import { clockTime } from "./appointment-labels.ts";
import styles from "./schedule.module.css";

type Props = {
  slots: readonly AvailableSlot[] | undefined;
  loading: boolean;
  failed: boolean;
  timeZone: string;
  value: string | null;
  onChange: (slot: AvailableSlot) => void;
  /** the legend; the nearest times get their own */
  legendId?: string;
  /** names each time with its date too (nearest times may fall on other days) */
  withDate?: boolean;
};

export function FreeTimes({
  slots,
  loading,
  failed,
  timeZone,
  value,
  onChange,
  legendId,
  withDate,
}: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const label = (slot: AvailableSlot) =>
    withDate
      ? intl.formatDate(Date.parse(slot.start), {
          timeZone,
          weekday: "short",
          month: "short",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
        })
      : clockTime(intl, slot.start, timeZone);
  return (
    <fieldset className={styles.times}>
      <legend>{t(legendId ?? "Schedule.field_free_time")}</legend>
      {loading ? (
        <p role="status">{t("Schedule.times_loading")}</p>
      ) : failed ? (
        <p role="alert">{t("Schedule.times_failed")}</p>
      ) : !slots || slots.length === 0 ? (
        <p role="status">{t("Schedule.times_none")}</p>
      ) : (
        <div className={styles.timeChoices}>
          {slots.map((slot) => (
            <label key={slot.start} className={styles.timeChoice}>
              <input
                type="radio"
                name={legendId ?? "free-time"}
                checked={value === slot.start}
                onChange={() => onChange(slot)}
              />
              <span>{label(slot)}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
