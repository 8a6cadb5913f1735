// The week view: seven day columns (stacked on a phone), each with its appointments in time order,
// optionally of one staff member; an empty day says so.
import { useIntl } from "react-intl";
import type { ScheduleDocument, StaffAppointmentResource } from "../../api/office/schedule.ts";
import { AppointmentBlock } from "./appointment-block.tsx";
import { calendarDateLabel } from "./appointment-labels.ts";
import styles from "./schedule.module.css";

type Props = {
  days: ScheduleDocument["data"]["attributes"]["days"];
  appointments: readonly StaffAppointmentResource[];
  today: string;
  showStaff: boolean;
  onOpen: (appointment: StaffAppointmentResource) => void;
};

export function WeekView({ days, appointments, today, showStaff, onOpen }: Props) {
  const intl = useIntl();
  return (
    <div className={styles.week}>
      {days.map((day) => {
        const dayStart = Date.parse(day.start);
        const dayEnd = Date.parse(day.end);
        const own = appointments
          .filter((a) => {
            const start = Date.parse(a.attributes.start);
            return start >= dayStart && start < dayEnd;
          })
          .sort((a, b) => Date.parse(a.attributes.start) - Date.parse(b.attributes.start));
        const headingId = `day-${day.date}`;
        return (
          <section
            key={day.date}
            aria-labelledby={headingId}
            className={`${styles.weekDay} ${day.date === today ? styles.today : ""}`}
          >
            <h2 id={headingId} className={styles.columnHead}>
              {calendarDateLabel(intl, day.date, false)}
              {day.opening.length === 0 && (
                <span className={styles.muted}>
                  {" "}
                  · {intl.formatMessage({ id: "Schedule.closed" })}
                </span>
              )}
            </h2>
            {own.length === 0 ? (
              <p className={styles.empty}>{intl.formatMessage({ id: "Schedule.day_empty" })}</p>
            ) : (
              <ul className={styles.weekList}>
                {own.map((a) => (
                  <li key={a.id}>
                    <AppointmentBlock
                      appointment={a}
                      showStaff={showStaff}
                      onOpen={() => onOpen(a)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
