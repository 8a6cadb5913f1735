// What is wrong with a week of shifts and its exceptions, as 422 items pointing at the entry: an end
// not after its start, a location the staff member is not assigned to, two shifts at once (even at
// two locations: one person is in one place), a break outside any shift, a date given twice.
import { clockMinutes } from "../../shared/contracts/staff.ts";
import type { ErrorItem } from "../http/app-error.ts";

type Interval = { kind: "shift" | "break"; start: number; end: number };
export type WeeklyInput = {
  location_id: number;
  weekday: string;
  kind: "shift" | "break";
  start: string;
  end: string;
};
export type ExceptionInput = {
  location_id: number;
  date: string;
  intervals: { kind: "shift" | "break"; start: string; end: string }[];
  note?: string | null | undefined;
};

const at = (...path: (string | number)[]) => `/data/attributes/${path.join("/")}`;

function intervalOf(value: { kind: "shift" | "break"; start: string; end: string }): Interval {
  return { kind: value.kind, start: clockMinutes(value.start), end: clockMinutes(value.end) };
}

/** Problems of one day's intervals (those of every location the person works that day). */
function dayProblems(
  entries: { interval: Interval; locationId: number; pointer: string }[],
): ErrorItem[] {
  const problems: ErrorItem[] = [];
  const valid = entries.filter(({ interval, pointer }) => {
    if (interval.start < interval.end && interval.start < 1440) return true;
    problems.push({
      code: "end_before_start",
      messageId: "Office.staff.error.end_before_start",
      pointer: `${pointer}/end`,
    });
    return false;
  });
  const shifts = valid.filter((e) => e.interval.kind === "shift");
  shifts.forEach((entry, index) => {
    const clash = shifts
      .slice(0, index)
      .some(
        (other) =>
          other.interval.start < entry.interval.end && entry.interval.start < other.interval.end,
      );
    if (clash) {
      problems.push({
        code: "shifts_overlap",
        messageId: "Office.staff.error.shifts_overlap",
        pointer: `${entry.pointer}/start`,
      });
    }
  });
  for (const entry of valid) {
    if (entry.interval.kind !== "break") continue;
    const inside = shifts.some(
      (shift) =>
        shift.locationId === entry.locationId &&
        shift.interval.start <= entry.interval.start &&
        entry.interval.end <= shift.interval.end,
    );
    if (!inside) {
      problems.push({
        code: "break_outside_shift",
        messageId: "Office.staff.error.break_outside_shift",
        pointer: `${entry.pointer}/start`,
      });
    }
  }
  return problems;
}

export function shiftProblems(
  input: { weekly: WeeklyInput[]; exceptions: ExceptionInput[] },
  assignedLocationIds: ReadonlySet<number>,
): ErrorItem[] {
  const problems: ErrorItem[] = [];
  const notAssigned = (pointer: string): ErrorItem => ({
    code: "not_assigned",
    messageId: "Office.staff.error.not_assigned",
    pointer,
  });
  const byWeekday = new Map<
    string,
    { interval: Interval; locationId: number; pointer: string }[]
  >();
  input.weekly.forEach((entry, index) => {
    if (!assignedLocationIds.has(entry.location_id)) {
      problems.push(notAssigned(at("weekly", index, "location_id")));
      return;
    }
    const list = byWeekday.get(entry.weekday) ?? [];
    list.push({
      interval: intervalOf(entry),
      locationId: entry.location_id,
      pointer: at("weekly", index),
    });
    byWeekday.set(entry.weekday, list);
  });
  for (const entries of byWeekday.values()) problems.push(...dayProblems(entries));

  const seen = new Set<string>();
  const byDate = new Map<string, { interval: Interval; locationId: number; pointer: string }[]>();
  input.exceptions.forEach((exception, index) => {
    if (!assignedLocationIds.has(exception.location_id)) {
      problems.push(notAssigned(at("exceptions", index, "location_id")));
      return;
    }
    const key = `${exception.location_id} ${exception.date}`;
    if (seen.has(key)) {
      problems.push({
        code: "exception_repeated",
        messageId: "Office.staff.error.exception_repeated",
        pointer: at("exceptions", index, "date"),
      });
      return;
    }
    seen.add(key);
    const list = byDate.get(exception.date) ?? [];
    exception.intervals.forEach((interval, i) => {
      list.push({
        interval: intervalOf(interval),
        locationId: exception.location_id,
        pointer: at("exceptions", index, "intervals", i),
      });
    });
    byDate.set(exception.date, list);
  });
  for (const entries of byDate.values()) problems.push(...dayProblems(entries));
  return problems;
}
