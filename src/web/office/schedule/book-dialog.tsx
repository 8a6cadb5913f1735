// Books an appointment on a client's behalf (appointments.book): the service, the way of meeting
// where it has several, anyone or one staff member, a date and one of its free times, the client
// (found or new), attendees and notes. A time taken meanwhile offers the nearest free ones.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import type { ScheduleDocument } from "../../api/office/schedule.ts";
import {
  nearestAfterConflict,
  type StaffBookingInput,
  useBookStaffAppointment,
} from "../../api/office/staff-appointments.ts";
import { type AvailableSlot, useStaffAvailability } from "../../api/office/staff-availability.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { ModalDialog } from "../../ui/modal-dialog.tsx";
import { showToast } from "../../ui/toast.tsx";
import { meetingMethodLabel } from "./appointment-labels.ts";
import { type ClientChoice, ClientPicker, type NewClient } from "./client-picker.tsx";
import { FreeTimes } from "./free-times.tsx";
import styles from "./schedule.module.css";
import { refusalMessage } from "./use-appointment-change.ts";

export type BookingPreset = { date: string; staffId: string | null; start: string | null };

type Props = {
  schedule: ScheduleDocument["data"]["attributes"];
  preset: BookingPreset;
  onClose: () => void;
};

const CLIENT_POINTER = "/data/relationships/client/data/attributes/";

export function BookDialog({ schedule, preset, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const formId = useId();
  const services = schedule.services.filter(
    (service) =>
      !preset.staffId ||
      schedule.staff.some((p) => p.id === preset.staffId && p.service_ids.includes(service.id)),
  );
  const [serviceId, setServiceId] = useState(services[0]?.id ?? "");
  const service = schedule.services.find((s) => s.id === serviceId);
  const methods = service?.meeting_methods ?? [];
  const [method, setMethod] = useState<number | null>(null);
  const meetingMethod = method !== null && methods.includes(method) ? method : (methods[0] ?? null);
  const [staffId, setStaffId] = useState(preset.staffId ?? "");
  const [date, setDate] = useState(preset.date);
  const [attendees, setAttendees] = useState("1");
  const [slotStart, setSlotStart] = useState<string | null>(preset.start);
  const [nearest, setNearest] = useState<AvailableSlot[] | null>(null);
  const [client, setClient] = useState<ClientChoice>({ kind: "existing", id: null, name: null });
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<
    Partial<Record<keyof NewClient | "client", string>>
  >({});
  const book = useBookStaffAppointment();

  const serving = schedule.staff.filter((person) => person.service_ids.includes(serviceId));
  const chosenStaff = serving.some((p) => p.id === staffId) ? staffId : "";
  const attendeesValid = /^[1-9][0-9]?$/.test(attendees);
  const times = useStaffAvailability(
    serviceId && date
      ? {
          location_id: schedule.location_id,
          service_id: serviceId,
          staff_id: chosenStaff || undefined,
          meeting_method: meetingMethod === null ? undefined : String(meetingMethod),
          attendees: attendeesValid && attendees !== "1" ? attendees : undefined,
          from: date,
          to: date,
        }
      : null,
  );
  const offered = nearest ?? times.data;
  // Instants compare by time: a click on the grid gives one in UTC, the free times their offset.
  const slot =
    slotStart === null
      ? null
      : (offered?.find((s) => Date.parse(s.start) === Date.parse(slotStart)) ?? null);
  const resetTime = () => {
    setSlotStart(null);
    setNearest(null);
  };

  const submit = async () => {
    const errors: typeof fieldErrors = {};
    if (client.kind === "existing" && !client.id) errors.client = t("Schedule.error_pick_client");
    if (client.kind === "new") {
      if (!client.client.first_name.trim()) errors.first_name = t("Schedule.error_required");
      if (!client.client.last_name.trim()) errors.last_name = t("Schedule.error_required");
    }
    setFieldErrors(errors);
    if (!slot) {
      setError(t("Schedule.error_pick_time"));
      return;
    }
    if (Object.keys(errors).length > 0) {
      setError(t("Schedule.error_check_fields"));
      return;
    }
    const document: StaffBookingInput = {
      data: {
        type: "appointments",
        attributes: {
          location_id: schedule.location_id,
          service_id: serviceId,
          staff_id: chosenStaff || null,
          ...(meetingMethod === null ? {} : { meeting_method: meetingMethod as 1 | 2 | 3 | 4 }),
          start: slot.start,
          attendees: attendeesValid ? Number(attendees) : 1,
          notes: notes.trim() || null,
        },
        relationships: {
          client: {
            data:
              client.kind === "existing"
                ? { type: "clients", id: client.id ?? "" }
                : {
                    type: "clients",
                    attributes: {
                      first_name: client.client.first_name.trim(),
                      last_name: client.client.last_name.trim(),
                      email: client.client.email.trim() || null,
                      cell_phone: client.client.cell_phone.trim() || null,
                    },
                  },
          },
        },
      },
    };
    try {
      await book.mutateAsync(document);
      const name =
        client.kind === "existing"
          ? (client.name ?? "")
          : `${client.client.first_name} ${client.client.last_name}`;
      showToast(intl.formatMessage({ id: "Schedule.booked_done" }, { name: name.trim() }));
      onClose();
    } catch (caught) {
      const offeredNearest = nearestAfterConflict(caught);
      if (offeredNearest) {
        setNearest(offeredNearest);
        setSlotStart(null);
      }
      if (caught instanceof ApiError && caught.status === 422) {
        const byField: typeof fieldErrors = {};
        for (const key of ["first_name", "last_name", "email", "cell_phone"] as const) {
          const found = caught.errorAt(`${CLIENT_POINTER}${key}`);
          if (found) byField[key] = found.detail ?? t("Schedule.error_generic");
        }
        setFieldErrors(byField);
      }
      setError(refusalMessage(intl, caught));
    }
  };

  return (
    <ModalDialog isOpen onClose={onClose} title={t("Schedule.book_title")} size="large">
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={styles.formGrid}>
          <Field label={t("Schedule.field_service")} required>
            {(control) => (
              <select
                {...control}
                className={controls.input}
                value={serviceId}
                onChange={(event) => {
                  setServiceId(event.target.value);
                  resetTime();
                }}
              >
                {services.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {methods.length > 1 && (
            <Field label={t("Schedule.field_method")}>
              {(control) => (
                <select
                  {...control}
                  className={controls.input}
                  value={meetingMethod ?? ""}
                  onChange={(event) => {
                    setMethod(Number(event.target.value));
                    resetTime();
                  }}
                >
                  {methods.map((m) => (
                    <option key={m} value={m}>
                      {meetingMethodLabel(intl, m)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field label={t("Schedule.field_staff")}>
            {(control) => (
              <select
                {...control}
                className={controls.input}
                value={chosenStaff}
                onChange={(event) => {
                  setStaffId(event.target.value);
                  resetTime();
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
          <Field label={t("Schedule.field_date")} required>
            {(control) => (
              <input
                {...control}
                type="date"
                className={controls.input}
                value={date}
                onChange={(event) => {
                  setDate(event.target.value);
                  resetTime();
                }}
              />
            )}
          </Field>
          <Field label={t("Schedule.field_attendees")}>
            {(control) => (
              <input
                {...control}
                type="number"
                min={1}
                max={50}
                className={controls.input}
                value={attendees}
                onChange={(event) => {
                  setAttendees(event.target.value);
                  resetTime();
                }}
              />
            )}
          </Field>
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <FreeTimes
          slots={offered}
          loading={!nearest && times.isPending && serviceId !== "" && date !== ""}
          failed={!nearest && times.isError}
          timeZone={schedule.time_zone}
          value={slot?.start ?? null}
          onChange={(chosen) => setSlotStart(chosen.start)}
          legendId={nearest ? "Schedule.nearest_times" : undefined}
          withDate={nearest !== null}
        />
        <ClientPicker value={client} onChange={setClient} errors={fieldErrors} />
        <Field label={t("Schedule.field_notes")}>
          {(control) => (
            <textarea
              {...control}
              className={controls.input}
              rows={3}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          )}
        </Field>
        <div className={styles.actions}>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            aria-disabled={book.isPending || undefined}
          >
            {t("Schedule.book_submit")}
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
