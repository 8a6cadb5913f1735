// Drag and drop of the day view's appointments with native pointer events (no library: the grid's
// geometry is ours, and the keyboard path is the move dialog). A block follows the pointer in the
// column under it, snapped to the vendor's schedule interval; a short press is a click. Touch is
// left to scrolling: on phones the move dialog moves appointments.
import { type PointerEvent as ReactPointerEvent, useState } from "react";
import type { StaffAppointmentResource } from "../../api/office/schedule.ts";
import { snap } from "./schedule-calendar.ts";

/** Below this many pixels a press is a click, not a drag. */
const DRAG_THRESHOLD_PX = 5;

export type DragTarget = { columnId: string; minutes: number };
export type DragState = { appointment: StaffAppointmentResource; target: DragTarget | null };

type Geometry = {
  pxPerMinute: number;
  /** the grid's first minute (from the day's start) */
  from: number;
  interval: number;
  /** the columns' elements carry data-column-id */
  columns: () => HTMLElement[];
};

export function useBlockDrag(
  geometry: Geometry,
  onDrop: (state: { appointment: StaffAppointmentResource; target: DragTarget }) => void,
) {
  const [drag, setDrag] = useState<DragState | null>(null);

  const targetAt = (x: number, y: number, grabOffsetPx: number): DragTarget | null => {
    const column = geometry.columns().find((element) => {
      const rect = element.getBoundingClientRect();
      return x >= rect.left && x < rect.right;
    });
    if (!column) return null;
    const rect = column.getBoundingClientRect();
    const minutes = geometry.from + (y - grabOffsetPx - rect.top) / geometry.pxPerMinute;
    return {
      columnId: column.dataset.columnId ?? "",
      minutes: Math.max(0, snap(minutes, geometry.interval)),
    };
  };

  const start =
    (appointment: StaffAppointmentResource) => (event: ReactPointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0 || event.pointerType === "touch") return;
      const block = event.currentTarget;
      const origin = { x: event.clientX, y: event.clientY };
      const grabOffsetPx = event.clientY - block.getBoundingClientRect().top;
      let moving = false;

      const move = (e: PointerEvent) => {
        if (!moving && Math.hypot(e.clientX - origin.x, e.clientY - origin.y) < DRAG_THRESHOLD_PX)
          return;
        moving = true;
        setDrag({ appointment, target: targetAt(e.clientX, e.clientY, grabOffsetPx) });
      };
      const end = (e: PointerEvent) => {
        window.removeEventListener("pointermove", move);
        window.removeEventListener("pointerup", end);
        window.removeEventListener("pointercancel", cancel);
        if (!moving) return;
        swallowTheReleaseClick();
        const target = targetAt(e.clientX, e.clientY, grabOffsetPx);
        setDrag(null);
        if (target) onDrop({ appointment, target });
      };
      const cancel = () => {
        window.removeEventListener("pointermove", move);
        window.removeEventListener("pointerup", end);
        window.removeEventListener("pointercancel", cancel);
        setDrag(null);
      };
      window.addEventListener("pointermove", move);
      window.addEventListener("pointerup", end);
      window.addEventListener("pointercancel", cancel);
    };

  return { drag, start };
}

/**
 * The click the browser sends after a drag's release opens nothing. It arrives in the same task as
 * the pointerup, on whatever element is under the pointer (often not the block, which moved), so
 * it is caught once on the window and the catch is dropped before any later click can meet it.
 */
function swallowTheReleaseClick() {
  const swallow = (event: MouseEvent) => {
    event.stopPropagation();
    event.preventDefault();
  };
  window.addEventListener("click", swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
}
