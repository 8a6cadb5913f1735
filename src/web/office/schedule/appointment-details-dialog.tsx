// One booked appointment's details (client with a link to their page, service, staff, time, room,
// way of meeting, notes, status, how it was booked) and what the staff member may do with it now:
// mark arrived, start, complete, no-show (appointments.serve); move or cancel (appointments.book),
// cancelling after a confirmation inside the dialog.
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { BookedThrough } from "../../../shared/domain.ts";
import type { StaffAppointmentResource } from "../../api/office/schedule.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { ModalDialog } from "../../ui/modal-dialog.tsx";
import { bookedThroughMessageId } from "../lobby/booked-through-label.ts";
import { paths } from "../office-paths.ts";
import {
  calendarDateLabel,
  clientName,
  meetingMethodLabel,
  statusLabel,
  timeRange,
} from "./appointment-labels.ts";
import styles from "./schedule.module.css";
import { ServeActions, type ServeCan } from "./serve-actions.tsx";
import { useAppointmentChange } from "./use-appointment-change.ts";

type Props = {
  appointment: StaffAppointmentResource;
  can: ServeCan;
  onMove: () => void;
  onClose: () => void;
};

export function AppointmentDetailsDialog({ appointment, can, onMove, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const a = appointment.attributes;
  const { change, pending } = useAppointmentChange();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = a.status_name === "confirmed";
  const keepButton = useRef<HTMLButtonElement>(null);
  // The question takes the focus's place: on its safe answer, which reads the question out.
  useEffect(() => {
    if (confirmingCancel) keepButton.current?.focus();
  }, [confirmingCancel]);

  const cancel = async () => {
    const outcome = await change(appointment, { status: 4 }, "Schedule.cancelled_done");
    if (outcome.ok) onClose();
    else {
      setConfirmingCancel(false);
      setError(outcome.message);
    }
  };

  const rows: [string, React.ReactNode][] = [
    [t("Schedule.field_service"), a.service_name],
    [t("Schedule.field_staff"), a.staff_name ?? t("Schedule.any_staff")],
    [
      t("Schedule.field_time"),
      `${calendarDateLabel(intl, a.start.slice(0, 10))}, ${timeRange(intl, a)}`,
    ],
    [t("Schedule.field_status"), statusLabel(intl, a)],
    [t("Schedule.field_method"), meetingMethodLabel(intl, a.meeting_method)],
  ];
  if (a.room_name) rows.push([t("Schedule.field_room"), a.room_name]);
  if (a.destination) rows.push([t("Schedule.field_destination"), a.destination]);
  if (a.attendees > 1) rows.push([t("Schedule.field_attendees"), String(a.attendees)]);
  if (a.client.email) rows.push([t("Schedule.field_email"), a.client.email]);
  if (a.client.cell_phone_formatted)
    rows.push([t("Schedule.field_phone"), a.client.cell_phone_formatted]);
  rows.push([
    t("Schedule.field_booked"),
    a.booked_by_name
      ? intl.formatMessage(
          { id: "Schedule.booked_by" },
          {
            channel: t(bookedThroughMessageId(a.booked_through as BookedThrough)),
            name: a.booked_by_name,
          },
        )
      : t(bookedThroughMessageId(a.booked_through as BookedThrough)),
  ]);
  if (a.notes)
    rows.push([
      t("Schedule.field_notes"),
      <span key="notes" className={styles.notes}>
        {a.notes}
      </span>,
    ]);

  return (
    <ModalDialog isOpen onClose={onClose} title={clientName(a)} size="large">
      <p>
        <Link to={paths.client(a.client.id)}>{t("Schedule.client_page")}</Link>
      </p>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.detailRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {confirmingCancel ? (
        <div className={styles.confirm}>
          <p id="cancel-question">{t("Schedule.cancel_question")}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={() => setConfirmingCancel(false)}
              ref={keepButton}
              aria-describedby="cancel-question"
            >
              {t("Schedule.cancel_keep")}
            </button>
            <button
              type="button"
              className={`${controls.button} ${controls.danger}`}
              aria-disabled={pending || undefined}
              onClick={() => !pending && void cancel()}
            >
              {t("Schedule.cancel_confirm")}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <ServeActions
            appointment={appointment}
            can={can}
            onError={setError}
            onDone={() => setError(null)}
          />
          {can.book && open && (
            <>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                onClick={onMove}
              >
                {t("Schedule.move")}
              </button>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                onClick={() => setConfirmingCancel(true)}
              >
                {t("Schedule.cancel")}
              </button>
            </>
          )}
        </div>
      )}
    </ModalDialog>
  );
}
