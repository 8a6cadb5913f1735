// The schedule page's state in its address (?location=&date=&view=&staff=&cancelled=&by=), so that a
// reload, a bookmark and the back button show the same schedule.
import type { SchedulePageQuery } from "../office-paths.ts";
import { isCalendarDate } from "./schedule-calendar.ts";

export type ScheduleView = "day" | "week";
/** the day view's columns: one per staff member, or one per room */
export type ScheduleColumns = "staff" | "rooms";

export type ScheduleAddress = {
  /** null: today at the location */
  date: string | null;
  view: ScheduleView;
  /** the week view's one staff member, or null for everybody */
  staffId: string | null;
  showCancelled: boolean;
  columns: ScheduleColumns;
};

export function readScheduleAddress(params: URLSearchParams): ScheduleAddress {
  const date = params.get("date");
  return {
    date: isCalendarDate(date) ? date : null,
    view: params.get("view") === "week" ? "week" : "day",
    staffId: params.get("staff") || null,
    showCancelled: params.get("cancelled") === "shown",
    columns: params.get("by") === "rooms" ? "rooms" : "staff",
  };
}

/** Writes a change into the address's parameters, keeping the others (the location among them). */
export function writeScheduleAddress(
  params: URLSearchParams,
  change: Partial<ScheduleAddress>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: keyof SchedulePageQuery, value: string | null) => {
    if (value === null) next.delete(key);
    else next.set(key, value);
  };
  if ("date" in change) set("date", change.date ?? null);
  if ("view" in change) set("view", change.view === "week" ? "week" : null);
  if ("staffId" in change) set("staff", change.staffId ?? null);
  if ("showCancelled" in change) set("cancelled", change.showCancelled ? "shown" : null);
  if ("columns" in change) set("by", change.columns === "rooms" ? "rooms" : null);
  return next;
}
