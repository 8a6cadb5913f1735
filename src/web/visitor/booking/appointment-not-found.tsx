// The card for an appointment page whose id and code match no appointment (a wrong code reads as no
// appointment, never as someone else's): only a way to book one.
import { FormattedMessage, useIntl } from "react-intl";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { BookAnotherAppointment } from "./book-another-appointment.tsx";
import styles from "./booking.module.css";

export function AppointmentNotFound() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: "Booking.not_found_title" });
  usePageTitle(title);
  return (
    <section className={`${styles.card} ${styles.centred}`} aria-labelledby="appointment-title">
      <h1 id="appointment-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="Booking.not_found_message" />
      </p>
      <div className={`${styles.actions} ${styles.centredActions}`}>
        <BookAnotherAppointment locationId={null} />
      </div>
    </section>
  );
}
