// The lobby's "Today's appointments": the location's booked clients of the day on its own clock
// (time, client, service, staff, status), with mark arrived, start, complete and no-show for those
// who serve them (appointments.serve); live through the location's staff channel. Loaded apart
// from the lobby, as the lobby's own lists come first.
import { useState } from "react";
import { useIntl } from "react-intl";
import { useSchedule } from "../../api/office/schedule.ts";
import { Link } from "../../routing/routing.tsx";
import { paths } from "../office-paths.ts";
import { clientName, clockTime, statusLabel } from "../schedule/appointment-labels.ts";
import { todayIn } from "../schedule/schedule-calendar.ts";
import { ServeActions } from "../schedule/serve-actions.tsx";
import { useLiveSchedule } from "../schedule/use-live-schedule.ts";
import { hasPermission, useStaffSession } from "../shell/staff-session.ts";
import styles from "./todays-appointments.module.css";

type Props = { locationId: string; timezone: string };

export function TodaysAppointments({ locationId, timezone }: Props) {
  const me = useStaffSession();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const date = todayIn(timezone);
  const schedule = useSchedule({ locationId, date, days: "1" });
  useLiveSchedule(locationId);
  const [error, setError] = useState<string | null>(null);
  const can = {
    book: hasPermission(me, "appointments.book"),
    serve: hasPermission(me, "appointments.serve"),
  };
  const appointments = (schedule.data?.included ?? [])
    .filter((a) => a.attributes.status_name !== "cancelled")
    .sort((a, b) => Date.parse(a.attributes.start) - Date.parse(b.attributes.start));

  return (
    <section className={styles.todayPanel} aria-labelledby="todays-appointments">
      <h2 id="todays-appointments" className={styles.heading}>
        {t("Schedule.today_heading")}
      </h2>
      <p>
        <Link to={paths.schedule({ location: locationId })}>{t("Schedule.open_schedule")}</Link>
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {schedule.isPending ? (
        <p className={styles.status} role="status">
          {t("Schedule.loading")}
        </p>
      ) : schedule.isError && !schedule.data ? (
        <p className={styles.error} role="alert">
          {t("Schedule.load_failed")}
        </p>
      ) : appointments.length === 0 ? (
        <p className={styles.status}>{t("Schedule.today_none")}</p>
      ) : (
        <ul className={styles.todayList}>
          {appointments.map((appointment) => {
            const a = appointment.attributes;
            return (
              <li key={appointment.id} className={styles.todayRow}>
                <span className={styles.todayTime}>{clockTime(intl, a.start, a.time_zone)}</span>
                <span className={styles.todayWho}>
                  <strong>{clientName(a)}</strong>
                  {" · "}
                  {a.service_name}
                  {a.staff_name ? ` · ${a.staff_name}` : ""}
                  {" · "}
                  {statusLabel(intl, a)}
                </span>
                <span className={styles.actions}>
                  <ServeActions
                    appointment={appointment}
                    can={can}
                    nameClient
                    onError={setError}
                    onDone={() => setError(null)}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
