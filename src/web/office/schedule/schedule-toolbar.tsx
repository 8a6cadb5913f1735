// The schedule's controls: previous, today and next (a day or a week), a date field, Day | Week,
// the week's staff filter, whether cancelled appointments show, and "Book appointment".
import { useId } from "react";
import { useIntl } from "react-intl";
import controls from "../../ui/controls.module.css";
import styles from "./schedule.module.css";
import type { ScheduleColumns, ScheduleView } from "./schedule-address.ts";

type Props = {
  date: string;
  view: ScheduleView;
  /** the day view's columns; offered when the location has rooms */
  columns: ScheduleColumns;
  hasRooms: boolean;
  onColumns: (columns: ScheduleColumns) => void;
  staff: readonly { id: string; display_name: string }[];
  staffId: string | null;
  showCancelled: boolean;
  canBook: boolean;
  onDate: (date: string | null) => void;
  onStep: (direction: -1 | 1) => void;
  onView: (view: ScheduleView) => void;
  onStaff: (staffId: string | null) => void;
  onShowCancelled: (shown: boolean) => void;
  onBook: () => void;
};

export function ScheduleToolbar(props: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const dateId = useId();
  const staffId = useId();
  const week = props.view === "week";
  return (
    <div className={styles.toolbar}>
      <fieldset className={styles.toolGroup}>
        <legend className="visually-hidden">{t("Schedule.date_navigation")}</legend>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={() => props.onStep(-1)}
        >
          {t(week ? "Schedule.previous_week" : "Schedule.previous_day")}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={() => props.onDate(null)}
        >
          {t("Schedule.today")}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={() => props.onStep(1)}
        >
          {t(week ? "Schedule.next_week" : "Schedule.next_day")}
        </button>
        <label htmlFor={dateId} className="visually-hidden">
          {t("Schedule.field_date")}
        </label>
        <input
          id={dateId}
          type="date"
          className={`${controls.input} ${styles.dateInput}`}
          value={props.date}
          onChange={(event) => {
            if (event.target.value) props.onDate(event.target.value);
          }}
        />
      </fieldset>
      <fieldset className={styles.toolGroup}>
        <legend className="visually-hidden">{t("Schedule.view")}</legend>
        {(["day", "week"] as const).map((view) => (
          <button
            key={view}
            type="button"
            className={`${controls.button} ${props.view === view ? controls.primary : controls.secondary}`}
            aria-pressed={props.view === view}
            onClick={() => props.onView(view)}
          >
            {t(view === "day" ? "Schedule.view_day" : "Schedule.view_week")}
          </button>
        ))}
      </fieldset>
      {!week && props.hasRooms && (
        <fieldset className={styles.toolGroup}>
          <legend className="visually-hidden">{t("Schedule.columns")}</legend>
          <span aria-hidden="true">{t("Schedule.columns")}</span>
          {(["staff", "rooms"] as const).map((columns) => (
            <button
              key={columns}
              type="button"
              className={`${controls.button} ${props.columns === columns ? controls.primary : controls.secondary}`}
              aria-pressed={props.columns === columns}
              onClick={() => props.onColumns(columns)}
            >
              {t(columns === "staff" ? "Schedule.columns_staff" : "Schedule.columns_rooms")}
            </button>
          ))}
        </fieldset>
      )}
      {week && (
        <div className={styles.toolGroup}>
          <label htmlFor={staffId}>{t("Schedule.filter_staff")}</label>
          <select
            id={staffId}
            className={`${controls.input} ${styles.staffSelect}`}
            value={props.staffId ?? ""}
            onChange={(event) => props.onStaff(event.target.value || null)}
          >
            <option value="">{t("Schedule.everybody")}</option>
            {props.staff.map((person) => (
              <option key={person.id} value={person.id}>
                {person.display_name}
              </option>
            ))}
          </select>
        </div>
      )}
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={props.showCancelled}
          onChange={(event) => props.onShowCancelled(event.target.checked)}
        />
        {t("Schedule.show_cancelled")}
      </label>
      {props.canBook && (
        <button
          type="button"
          className={`${controls.button} ${controls.primary} ${styles.bookButton}`}
          onClick={props.onBook}
        >
          {t("Schedule.book")}
        </button>
      )}
    </div>
  );
}
