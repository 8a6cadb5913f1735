// One booked appointment in the schedule: its time, client, service, status and room, a button
// that opens its details. In the day view it sits at its time in its staff member's column and
// may be dragged (mouse or pen) to another time or column.
import type { PointerEvent as ReactPointerEvent } from "react";
import { useIntl } from "react-intl";
import type { StaffAppointmentResource } from "../../api/office/schedule.ts";
import { clientName, statusLabel, timeRange } from "./appointment-labels.ts";
import styles from "./schedule.module.css";

const COMPACT_BELOW_PX = 60;

type Props = {
  appointment: StaffAppointmentResource;
  onOpen: () => void;
  /** the day view's place: top and height in pixels */
  place?: { top: number; height: number };
  dragging?: boolean;
  onPointerDown?: (event: ReactPointerEvent<HTMLButtonElement>) => void;
  /** the staff member's name, where the column does not say it (the week view) */
  showStaff?: boolean;
};

export function AppointmentBlock({
  appointment,
  onOpen,
  place,
  dragging,
  onPointerDown,
  showStaff,
}: Props) {
  const intl = useIntl();
  const a = appointment.attributes;
  const status = a.status_name === "confirmed" && a.arrived_at !== null ? "arrived" : a.status_name;
  // A short block reads as one line: time, client, then what fits.
  const compact = place !== undefined && place.height < COMPACT_BELOW_PX;
  return (
    <button
      type="button"
      className={`${styles.block} ${styles[`status_${status}`] ?? ""} ${dragging ? styles.dragging : ""} ${compact ? styles.compact : ""}`}
      style={place ? { top: `${place.top}px`, height: `${place.height}px` } : undefined}
      data-appointment-id={appointment.id}
      onClick={onOpen}
      onPointerDown={onPointerDown}
    >
      <span className={styles.blockTime}>{timeRange(intl, a)}</span>
      <span className={styles.blockClient}>{clientName(a)}</span>
      <span className={styles.blockLine}>{a.service_name}</span>
      {showStaff && a.staff_name && <span className={styles.blockLine}>{a.staff_name}</span>}
      <span className={styles.blockLine}>
        {statusLabel(intl, a)}
        {a.room_name ? ` · ${a.room_name}` : ""}
      </span>
    </button>
  );
}
