// Moves a booked appointment the keyboard way: a date, a staff member (or anyone serving the
// service), and one of the free times of that day (the appointment's own time counts as free).
// A time taken meanwhile offers the nearest ones; an appointment changed meanwhile says so.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import type { ScheduleDocument, StaffAppointmentResource } from "../../api/office/schedule.ts";
import {
  nearestAfterConflict,
  usePatchStaffAppointment,
} from "../../api/office/staff-appointments.ts";
import { type AvailableSlot, useStaffAvailability } from "../../api/office/staff-availability.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { ModalDialog } from "../../ui/modal-dialog.tsx";
import { showToast } from "../../ui/toast.tsx";
import { clientName } from "./appointment-labels.ts";
import { FreeTimes } from "./free-times.tsx";
import styles from "./schedule.module.css";
import { refusalMessage } from "./use-appointment-change.ts";

type Props = {
  appointment: StaffAppointmentResource;
  staff: ScheduleDocument["data"]["attributes"]["staff"];
  onClose: () => void;
};

export function MoveDialog({ appointment, staff, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const a = appointment.attributes;
  const formId = useId();
  const [date, setDate] = useState(a.start.slice(0, 10));
  const [staffId, setStaffId] = useState(a.staff_id ?? "");
  const [slot, setSlot] = useState<AvailableSlot | null>(null);
  const [nearest, setNearest] = useState<AvailableSlot[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const patch = usePatchStaffAppointment();
  const times = useStaffAvailability(
    date
      ? {
          location_id: a.location_id,
          service_id: a.service_id,
          staff_id: staffId || undefined,
          meeting_method: String(a.meeting_method),
          from: date,
          to: date,
          ignore_appointment_id: appointment.id,
        }
      : null,
  );
  const serving = staff.filter((person) => person.service_ids.includes(a.service_id));

  const submit = async () => {
    if (!slot) {
      setError(t("Schedule.error_pick_time"));
      return;
    }
    // "Anyone": the appointment keeps its staff member when they are free then.
    const to =
      staffId ||
      (a.staff_id && slot.staff_ids.includes(a.staff_id) ? a.staff_id : slot.staff_ids[0]);
    try {
      await patch.mutateAsync({
        id: appointment.id,
        version: a.version,
        attributes:
          to && to !== a.staff_id ? { start: slot.start, staff_id: to } : { start: slot.start },
      });
      showToast(intl.formatMessage({ id: "Schedule.moved_done" }, { name: clientName(a) }));
      onClose();
    } catch (caught) {
      setNearest(nearestAfterConflict(caught));
      setSlot(null);
      setError(refusalMessage(intl, caught));
    }
  };

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={intl.formatMessage({ id: "Schedule.move_title" }, { name: clientName(a) })}
      size="large"
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={styles.formRow}>
          <Field label={t("Schedule.field_date")} required>
            {(control) => (
              <input
                {...control}
                type="date"
                className={controls.input}
                value={date}
                onChange={(event) => {
                  setDate(event.target.value);
                  setSlot(null);
                  setNearest(null);
                }}
              />
            )}
          </Field>
          <Field label={t("Schedule.field_staff")}>
            {(control) => (
              <select
                {...control}
                className={controls.input}
                value={staffId}
                onChange={(event) => {
                  setStaffId(event.target.value);
                  setSlot(null);
                  setNearest(null);
                }}
              >
                <option value="">{t("Schedule.any_staff")}</option>
                {serving.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.display_name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        {nearest ? (
          <FreeTimes
            slots={nearest}
            loading={false}
            failed={false}
            timeZone={a.time_zone}
            value={slot?.start ?? null}
            onChange={setSlot}
            legendId="Schedule.nearest_times"
            withDate
          />
        ) : (
          <FreeTimes
            slots={times.data}
            loading={times.isPending && date !== ""}
            failed={times.isError}
            timeZone={a.time_zone}
            value={slot?.start ?? null}
            onChange={setSlot}
          />
        )}
        <div className={styles.actions}>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            aria-disabled={patch.isPending || undefined}
          >
            {t("Schedule.move_submit")}
          </button>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={onClose}
          >
            {t("Schedule.close")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
