// One booked appointment (appointment-page.tsx): the head says its state — booked (with "Your
// appointment was moved" after a reschedule), under way, over, missed or cancelled — then its
// details and what the visitor may still do. Cancelling while the page is open moves focus to the
// cancelled heading, so a screen reader says what happened.
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AppointmentResource } from "../../api/booking/appointment.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { AppointmentActions } from "./appointment-actions.tsx";
import { AppointmentDetails } from "./appointment-details.tsx";
import { BookAnotherAppointment } from "./book-another-appointment.tsx";
import styles from "./booking.module.css";
import { formatTimeRange } from "./slot-times.ts";

const TITLES: Record<AppointmentResource["attributes"]["status_name"], string> = {
  confirmed: "Booking.confirmed_title",
  in_progress: "Booking.in_progress_title",
  served: "Booking.in_progress_title",
  completed: "Booking.completed_title",
  no_show: "Booking.no_show_title",
  cancelled: "Booking.cancelled_title",
};

type Props = { appointment: AppointmentResource; code: string };

export function AppointmentView({ appointment, code }: Props) {
  const intl = useIntl();
  const [search] = useSearchParams();
  const status = appointment.attributes.status_name;
  const title = intl.formatMessage({ id: TITLES[status] });
  usePageTitle(title);
  const [statusOnArrival] = useState(status);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (status === "cancelled" && statusOnArrival !== "cancelled") titleRef.current?.focus();
  }, [status, statusOnArrival]);
  const cancelled = status === "cancelled";
  const rescheduled = search.get("rescheduled") === "1" && status === "confirmed";
  return (
    <>
      <section className={`${styles.card} ${styles.centred}`} aria-labelledby="appointment-title">
        {cancelled || status === "no_show" ? <EndedIcon /> : <CheckIcon />}
        <h1 id="appointment-title" ref={titleRef} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {rescheduled && (
          <p className={styles.notice} role="status">
            <FormattedMessage id="Booking.rescheduled_notice" />
          </p>
        )}
        {cancelled && (
          <p className={styles.lead}>
            <FormattedMessage
              id="Booking.cancelled_message"
              values={{
                location: appointment.attributes.location.name,
                when: formatTimeRange(appointment.attributes.start, null, {
                  timeZone: appointment.attributes.time_zone,
                  locale: intl.locale,
                }),
              }}
            />
          </p>
        )}
      </section>
      {!cancelled && <AppointmentDetails appointment={appointment} />}
      {status === "confirmed" && <AppointmentActions appointment={appointment} code={code} />}
      <div className={`${styles.actions} ${styles.centredActions}`}>
        <BookAnotherAppointment locationId={appointment.attributes.location_id} />
      </div>
    </>
  );
}

function CheckIcon() {
  return (
    <svg
      className={`${styles.statusIcon} ${styles.success}`}
      viewBox="0 0 24 24"
      width="56"
      height="56"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.7 14.6-4.2-4.2 1.4-1.4 2.8 2.8 6-6 1.4 1.4-7.4 7.4Z"
      />
    </svg>
  );
}

function EndedIcon() {
  return (
    <svg
      className={`${styles.statusIcon} ${styles.neutral}`}
      viewBox="0 0 24 24"
      width="56"
      height="56"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm3.6-12.9L12 10.6 8.4 7.1 7 8.5l3.6 3.5L7 15.6 8.4 17l3.6-3.6 3.6 3.6 1.4-1.4-3.6-3.6L17 8.5l-1.4-1.4Z"
      />
    </svg>
  );
}
