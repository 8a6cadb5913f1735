// What a visitor can still do with a booked appointment: add it to their calendar (the .ics),
// move it while the vendor's time to reschedule has not passed (the time step with reschedule=,
// which then moves it instead of booking), and cancel it while the time to cancel has not passed,
// behind a confirm dialog; the page then shows the cancelled appointment.
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { type AppointmentResource, appointmentQueryKey } from "../../api/booking/appointment.ts";
import { useCancelAppointment } from "../../api/booking/change-appointment.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import styles from "./booking.module.css";
import { bookingPaths } from "./booking-paths.ts";
import { Refusal } from "./refusal.tsx";

type Props = { appointment: AppointmentResource; code: string };

export function AppointmentActions({ appointment, code }: Props) {
  const intl = useIntl();
  const headingId = useId();
  const [search] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const a = appointment.attributes;
  const cancel = useCancelAppointment(
    appointmentQueryKey(appointment.id, code, intl.locale as Locale),
  );
  const kept = { lang: search.get("lang") ?? undefined, mode: search.get("mode") ?? undefined };
  const reschedule = bookingPaths.step("select-timeslot", {
    reschedule: appointment.id,
    code,
    service: a.service_id,
    location: a.location_id,
    staff: a.staff_id,
    meeting_method: a.meeting_method,
    ...kept,
  });
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        <FormattedMessage id="Booking.manage_title" />
      </h2>
      <div className={styles.actions}>
        <a
          className={styles.secondaryButton}
          href={bookingPaths.api.appointmentCalendar(appointment.id, code)}
          download="appointment.ics"
        >
          <FormattedMessage id="Booking.add_to_calendar" />
        </a>
        {a.reschedulable && (
          <Link className={styles.secondaryButton} to={reschedule}>
            <FormattedMessage id="Booking.reschedule" />
          </Link>
        )}
        {a.cancellable && (
          <button type="button" className={styles.dangerButton} onClick={() => setConfirming(true)}>
            <FormattedMessage id="Booking.cancel" />
          </button>
        )}
      </div>
      {a.cancellable && (
        <ConfirmDialog
          open={confirming}
          tone="danger"
          role="alertdialog"
          title={<FormattedMessage id="Booking.cancel_dialog_title" />}
          message={<FormattedMessage id="Booking.cancel_dialog_message" />}
          confirmLabel={<FormattedMessage id="Booking.cancel_confirm" />}
          cancelLabel={<FormattedMessage id="Booking.cancel_keep" />}
          busy={cancel.isPending}
          error={cancel.error && <Refusal error={cancel.error} />}
          onClose={() => {
            setConfirming(false);
            cancel.reset();
          }}
          // On success the page's query holds the cancelled appointment and this card gives way.
          onConfirm={() => cancel.mutate({ id: appointment.id, code })}
        />
      )}
    </section>
  );
}
