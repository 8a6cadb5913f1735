// Which of the staff member's locations the page works on: a native select (the platform's own
// accessible picker on a tablet), or just the name when there is only one.
import { useId } from "react";
import { useIntl } from "react-intl";
import styles from "./location-switcher.module.css";
import { useStaffSession } from "./staff-session.ts";
import { useCurrentLocation } from "./use-current-location.ts";

export function LocationSwitcher() {
  const me = useStaffSession();
  const { location, setLocationId } = useCurrentLocation(me);
  const intl = useIntl();
  const id = useId();
  const label = intl.formatMessage({ id: "Office.location" });
  if (!location) return null;
  if (me.locations.length === 1)
    return (
      <p className={styles.single}>
        <span className="visually-hidden">{label}: </span>
        {location.name}
      </p>
    );
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={String(location.id)}
        onChange={(event) => setLocationId(event.target.value)}
      >
        {me.locations.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
