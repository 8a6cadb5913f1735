// The day view: a time grid on the location's wall clock (hours from the day's own start, so a
// day that changes the clock has its 23 or 25 hours), a column per working staff member with
// their off-shift time and breaks shaded — or, at a location with rooms, a column per room —
// appointments as blocks at their times. Blocks open their details; with appointments.book they
// may be dragged to another time or staff member's column (PATCH on drop; a refusal puts the block
// back and says why; by room, to another time in their room only, as the room follows the time),
// and a click on an empty time of a staff member's column books there.
import { type MouseEvent, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { ScheduleDocument, StaffAppointmentResource } from "../../api/office/schedule.ts";
import { AppointmentBlock } from "./appointment-block.tsx";
import { clockTime } from "./appointment-labels.ts";
import styles from "./schedule.module.css";
import type { ScheduleColumns } from "./schedule-address.ts";
import { gridRange, instantAt, minutesInto } from "./schedule-calendar.ts";
import { useAppointmentChange } from "./use-appointment-change.ts";
import { useBlockDrag } from "./use-block-drag.ts";

type Schedule = ScheduleDocument["data"]["attributes"];
type Day = Schedule["days"][number];

/** 96 px an hour: a 15-minute appointment still shows its time and client on one line. */
export const PX_PER_MINUTE = 96 / 60;
const UNASSIGNED = "";

type Props = {
  schedule: Schedule;
  day: Day;
  appointments: readonly StaffAppointmentResource[];
  interval: number;
  /** a column per staff member (the default), or per room */
  columns?: ScheduleColumns;
  canBook: boolean;
  onOpen: (appointment: StaffAppointmentResource) => void;
  onBookAt: (staffId: string, start: string) => void;
  onMoveRefused: (message: string) => void;
};

export function DayView(props: Props) {
  const { schedule, day, appointments, interval, canBook } = props;
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const grid = useRef<HTMLDivElement>(null);
  const { change } = useAppointmentChange();
  /** a dropped block stays where it was dropped until the server has answered */
  const [moving, setMoving] = useState<{ id: string; columnId: string; minutes: number } | null>(
    null,
  );

  const byRoom = props.columns === "rooms";
  const owners = new Set(
    byRoom ? schedule.rooms.map((room) => room.id) : schedule.staff.map((person) => person.id),
  );
  const columnOf = (a: StaffAppointmentResource) => {
    const owner = byRoom ? a.attributes.room_id : a.attributes.staff_id;
    return owner && owners.has(owner) ? owner : UNASSIGNED;
  };
  const columns = [
    ...(byRoom
      ? schedule.rooms.map((room) => ({ id: room.id, name: room.name, person: null }))
      : schedule.staff.map((person) => ({ id: person.id, name: person.display_name, person }))),
    ...(appointments.some((a) => columnOf(a) === UNASSIGNED)
      ? [
          {
            id: UNASSIGNED,
            name: t(byRoom ? "Schedule.no_room" : "Schedule.unassigned"),
            person: null,
          },
        ]
      : []),
  ];
  const { from, to } = gridRange(day.start, [
    ...day.opening,
    ...schedule.staff.flatMap((person) => person.shifts),
    ...appointments.map((a) => a.attributes),
  ]);
  const height = (to - from) * PX_PER_MINUTE;
  const y = (instant: string) => (minutesInto(day.start, instant) - from) * PX_PER_MINUTE;
  const clamp = (value: number) => Math.min(Math.max(value, 0), height);
  const spanStyle = (span: { start: string; end: string }) => {
    const top = clamp(y(span.start));
    return { top: `${top}px`, height: `${clamp(y(span.end)) - top}px` };
  };

  const { drag, start } = useBlockDrag(
    {
      pxPerMinute: PX_PER_MINUTE,
      from,
      interval,
      columns: () =>
        Array.from(grid.current?.querySelectorAll<HTMLElement>("[data-column-id]") ?? []),
    },
    async ({ appointment, target }) => {
      const startAt = instantAt(day.start, target.minutes);
      const sameColumn = target.columnId === columnOf(appointment);
      if (target.columnId === UNASSIGNED && !sameColumn) return;
      // The room is picked with the time: by room, a block moves in time within its own column.
      if (byRoom && !sameColumn) return;
      if (sameColumn && Date.parse(startAt) === Date.parse(appointment.attributes.start)) return;
      setMoving({ id: appointment.id, columnId: target.columnId, minutes: target.minutes });
      const outcome = await change(
        appointment,
        sameColumn ? { start: startAt } : { start: startAt, staff_id: target.columnId },
        "Schedule.moved_done",
      );
      setMoving(null);
      // A drop offers no nearest times: the block goes back and the move dialog is the way on.
      if (!outcome.ok)
        props.onMoveRefused(
          outcome.slotTaken
            ? intl.formatMessage({ id: "Schedule.error_drop_taken" })
            : outcome.message,
        );
    },
  );

  const hours: number[] = [];
  for (let minute = from; minute < to; minute += 60) hours.push(minute);

  const bookAt = (columnId: string) => (event: MouseEvent<HTMLDivElement>) => {
    if (!canBook || byRoom || columnId === UNASSIGNED || event.target !== event.currentTarget)
      return;
    const rect = event.currentTarget.getBoundingClientRect();
    const minutes =
      Math.floor((from + (event.clientY - rect.top) / PX_PER_MINUTE) / interval) * interval;
    props.onBookAt(columnId, instantAt(day.start, minutes));
  };

  const movable = (a: StaffAppointmentResource) =>
    canBook && a.attributes.status_name === "confirmed";

  return (
    <div className={styles.dayScroller}>
      <div
        ref={grid}
        className={styles.dayGrid}
        style={{ gridTemplateColumns: `4.5rem repeat(${columns.length}, minmax(9.5rem, 1fr))` }}
      >
        <div className={styles.corner} />
        {columns.map((column) => (
          <h2 key={column.id} id={`col-${column.id || "none"}`} className={styles.columnHead}>
            {column.name}
          </h2>
        ))}
        <div className={styles.axis} style={{ height: `${height}px` }} aria-hidden="true">
          {hours.map((minute) => (
            <span
              key={minute}
              className={styles.hour}
              style={{ top: `${(minute - from) * PX_PER_MINUTE}px` }}
            >
              {clockTime(intl, instantAt(day.start, minute), schedule.time_zone)}
            </span>
          ))}
        </div>
        {columns.map((column) => {
          const own = appointments
            .filter((a) => columnOf(a) === column.id && !(moving?.id === a.id))
            .sort((a, b) => Date.parse(a.attributes.start) - Date.parse(b.attributes.start));
          const arriving = appointments.find(
            (a) => moving?.id === a.id && moving.columnId === column.id,
          );
          const preview = drag?.target?.columnId === column.id ? drag : null;
          return (
            <section
              key={column.id}
              aria-labelledby={`col-${column.id || "none"}`}
              className={styles.columnWrap}
            >
              {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; the keyboard books with the page's "Book appointment" button */}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
              <div
                className={`${styles.column} ${canBook && column.person ? styles.bookable : ""}`}
                data-column-id={column.id}
                style={{ height: `${height}px` }}
                onClick={bookAt(column.id)}
              >
                {column.person?.shifts.map((shift) => (
                  <div
                    key={shift.start}
                    className={styles.shift}
                    style={spanStyle(shift)}
                    aria-hidden="true"
                  />
                ))}
                {column.person?.breaks.map((pause) => (
                  <div
                    key={pause.start}
                    className={styles.pause}
                    style={spanStyle(pause)}
                    title={t(pause.kind === "time_off" ? "Schedule.time_off" : "Schedule.break")}
                    aria-hidden="true"
                  />
                ))}
                {hours.map((minute) => (
                  <div
                    key={minute}
                    className={styles.hourLine}
                    style={{ top: `${(minute - from) * PX_PER_MINUTE}px` }}
                    aria-hidden="true"
                  />
                ))}
                <ul className={styles.blocks} aria-label={column.name}>
                  {own.map((a) => (
                    <li key={a.id}>
                      <AppointmentBlock
                        appointment={a}
                        place={{
                          top: y(a.attributes.start),
                          height: Math.max(y(a.attributes.end) - y(a.attributes.start), 24),
                        }}
                        dragging={drag?.appointment.id === a.id}
                        onPointerDown={movable(a) ? start(a) : undefined}
                        onOpen={() => props.onOpen(a)}
                      />
                    </li>
                  ))}
                  {/* A dropped block stands at its new place until the schedule has re-read; a
                      click on it then opens its details, as on any other. */}
                  {arriving && moving && (
                    <li>
                      <AppointmentBlock
                        appointment={arriving}
                        dragging
                        place={{
                          top: (moving.minutes - from) * PX_PER_MINUTE,
                          height: Math.max(
                            y(arriving.attributes.end) - y(arriving.attributes.start),
                            24,
                          ),
                        }}
                        onOpen={() => props.onOpen(arriving)}
                      />
                    </li>
                  )}
                </ul>
                {preview?.target && (
                  <div
                    className={styles.dropPreview}
                    style={{
                      top: `${(preview.target.minutes - from) * PX_PER_MINUTE}px`,
                      height: `${Math.max(y(preview.appointment.attributes.end) - y(preview.appointment.attributes.start), 24)}px`,
                    }}
                    aria-hidden="true"
                  >
                    {clockTime(
                      intl,
                      instantAt(day.start, preview.target.minutes),
                      schedule.time_zone,
                    )}
                  </div>
                )}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
