// /appointments/confirmation and /appointments/manage (one page): the booked appointment of the
// page's id and code — its time in the location's zone, who, where, how, the confirmation code, and
// what the visitor may still do (add it to a calendar, move it, cancel it). A wrong id or code reads
// as no appointment: a card offering to book one, the same for both.
import { FormattedMessage } from "react-intl";
import { useAppointment } from "../../api/booking/appointment.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import { AppointmentNotFound } from "./appointment-not-found.tsx";
import { AppointmentView } from "./appointment-view.tsx";
import styles from "./booking.module.css";

export function AppointmentPage() {
  const [search] = useSearchParams();
  const id = search.get("id")?.trim() || null;
  const code = search.get("code")?.trim() || null;
  const appointment = useAppointment(id, code);
  return (
    <div className={styles.page}>
      {!id || !code ? (
        <AppointmentNotFound />
      ) : appointment.isPending ? (
        <p className={`${styles.card} ${styles.status}`} role="status">
          <FormattedMessage id="Booking.appointment_loading" />
        </p>
      ) : appointment.isError && !appointment.data ? (
        <div className={`${styles.card} ${styles.body}`} role="alert">
          <p className={styles.error}>
            <FormattedMessage id="Booking.appointment_load_failed" />
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => appointment.refetch()}
            >
              <FormattedMessage id="Common.try_again" />
            </button>
          </div>
        </div>
      ) : appointment.data && appointment.data.data.id === id ? (
        <AppointmentView appointment={appointment.data.data} code={code} />
      ) : (
        <AppointmentNotFound />
      )}
    </div>
  );
}
