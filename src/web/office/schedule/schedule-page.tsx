// /schedule: one location's booked appointments for the staff (schedule.view), a day as a time
// grid with a column per working staff member or a week as seven lists; the location, date, view
// and filters in the address. Appointments open their details and actions; with appointments.book
// one books (the button, or a click on an empty time) and moves (the dialog, or by dragging).
// Live through the location's staff channel.
import { useState } from "react";
import { useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import { type StaffAppointmentResource, useSchedule } from "../../api/office/schedule.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { hasPermission, useStaffSession } from "../shell/staff-session.ts";
import { useCurrentLocation } from "../shell/use-current-location.ts";
import { AppointmentDetailsDialog } from "./appointment-details-dialog.tsx";
import { calendarDateLabel } from "./appointment-labels.ts";
import { BookDialog, type BookingPreset } from "./book-dialog.tsx";
import { DayView } from "./day-view.tsx";
import { MoveDialog } from "./move-dialog.tsx";
import styles from "./schedule.module.css";
import {
  readScheduleAddress,
  type ScheduleAddress,
  writeScheduleAddress,
} from "./schedule-address.ts";
import { addDays, todayIn } from "./schedule-calendar.ts";
import { ScheduleToolbar } from "./schedule-toolbar.tsx";
import { useLiveSchedule } from "./use-live-schedule.ts";
import { WeekView } from "./week-view.tsx";

type Dialog =
  | { kind: "details"; id: string }
  | { kind: "move"; id: string }
  | { kind: "book"; preset: BookingPreset };

export function SchedulePage() {
  const me = useStaffSession();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  usePageTitle(t("Schedule.title"));
  const vendor = useCurrentVendor();
  const { location } = useCurrentLocation(me);
  const locationId = location ? String(location.id) : null;
  const [params, setParams] = useSearchParams();
  const address = readScheduleAddress(params);
  const today = todayIn(location?.timezone ?? "UTC");
  const date = address.date ?? today;
  const week = address.view === "week";
  const schedule = useSchedule(locationId ? { locationId, date, days: week ? "7" : "1" } : null);
  useLiveSchedule(locationId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const can = {
    book: hasPermission(me, "appointments.book"),
    serve: hasPermission(me, "appointments.serve"),
  };
  const interval = vendor.attributes?.schedule_interval ?? 15;

  // Each change is a new history entry, so that back returns to the day seen before.
  const go = (change: Partial<ScheduleAddress>) => {
    setRefusal(null);
    setParams((current) => writeScheduleAddress(current, change), { preventScrollReset: true });
  };

  if (!location)
    return (
      <p className={styles.status} role="status">
        {t("Office.no_locations")}
      </p>
    );

  const answer = schedule.data?.data.attributes;
  const all = schedule.data?.included ?? [];
  const shown = all.filter(
    (a) =>
      (address.showCancelled || a.attributes.status_name !== "cancelled") &&
      (!week || !address.staffId || a.attributes.staff_id === address.staffId),
  );
  const find = (id: string): StaffAppointmentResource | undefined => all.find((a) => a.id === id);
  const heading = week
    ? intl.formatMessage(
        { id: "Schedule.week_of" },
        {
          from: calendarDateLabel(intl, date, false),
          to: calendarDateLabel(intl, addDays(date, 6), false),
        },
      )
    : calendarDateLabel(intl, date);

  const details = dialog && dialog.kind !== "book" ? find(dialog.id) : undefined;

  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>
          {t("Schedule.title")}
          <span className={styles.subtitle}>
            {answer?.location_name ?? location.name} · {heading}
          </span>
        </h1>
      </div>
      <ScheduleToolbar
        date={date}
        view={address.view}
        columns={address.columns}
        hasRooms={(answer?.rooms.length ?? 0) > 0}
        onColumns={(columns) => go({ columns })}
        staff={answer?.staff ?? []}
        staffId={address.staffId}
        showCancelled={address.showCancelled}
        canBook={can.book && answer !== undefined}
        onDate={(next) => go({ date: next })}
        onStep={(direction) => go({ date: addDays(date, direction * (week ? 7 : 1)) })}
        onView={(view) => go({ view })}
        onStaff={(staffId) => go({ staffId })}
        onShowCancelled={(showCancelled) => go({ showCancelled })}
        onBook={() => setDialog({ kind: "book", preset: { date, staffId: null, start: null } })}
      />
      {refusal && (
        <p className={styles.error} role="alert">
          {refusal}
        </p>
      )}
      {schedule.isPending ? (
        <p className={styles.status} role="status">
          {t("Schedule.loading")}
        </p>
      ) : schedule.isError && !answer ? (
        <div className={styles.status} role="alert">
          <p>
            {t(
              schedule.error instanceof ApiError && schedule.error.status === 404
                ? "Office.location_unavailable"
                : "Schedule.load_failed",
            )}
          </p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => schedule.refetch()}
          >
            {t("Common.try_again")}
          </button>
        </div>
      ) : answer && week ? (
        <WeekView
          days={answer.days}
          appointments={shown}
          today={today}
          showStaff={!address.staffId}
          onOpen={(a) => setDialog({ kind: "details", id: a.id })}
        />
      ) : answer?.days[0] ? (
        answer.staff.length === 0 && shown.length === 0 ? (
          <p className={styles.status}>{t("Schedule.nobody_working")}</p>
        ) : (
          <DayView
            schedule={answer}
            day={answer.days[0]}
            appointments={shown}
            interval={interval}
            columns={answer.rooms.length > 0 ? address.columns : "staff"}
            canBook={can.book}
            onOpen={(a) => setDialog({ kind: "details", id: a.id })}
            onBookAt={(staffId, start) =>
              setDialog({ kind: "book", preset: { date, staffId, start } })
            }
            onMoveRefused={setRefusal}
          />
        )
      ) : null}

      {dialog?.kind === "details" && details && (
        <AppointmentDetailsDialog
          appointment={details}
          can={can}
          onMove={() => setDialog({ kind: "move", id: details.id })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "move" && details && answer && (
        <MoveDialog appointment={details} staff={answer.staff} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "book" && answer && (
        <BookDialog schedule={answer} preset={dialog.preset} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
