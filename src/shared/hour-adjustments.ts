// Dated exceptions to a location's weekly hours (holidays, closures, special hours) and what a
// visitor sees once they are applied. An adjustment is a one-off date or a yearly one (the same
// month-day every year from its first date on). Every reader resolves them here, so the location
// pages, the join's closed-hours gate, the wait-time engine and the back office's preview agree.
import { WEEKDAYS, type Weekday } from "./domain.ts";
import type { DayHours, HourAdjustments, WeeklyHoursOnWire } from "./opening-hours.ts";

export type AdjustmentRule = {
  id: number;
  /** local date YYYY-MM-DD; for a yearly one its first year */
  day: string;
  hours: DayHours;
  recursYearly: boolean;
};

/** Whether `rule` applies to the local date `date` (YYYY-MM-DD). */
export function appliesOn(rule: Pick<AdjustmentRule, "day" | "recursYearly">, date: string) {
  if (rule.day === date) return true;
  return rule.recursYearly && rule.day.slice(5) === date.slice(5) && rule.day <= date;
}

/**
 * The adjustment of each given date that has one. A one-off date wins over a yearly rule on the
 * same date (a special year); among rules of one kind the newest (highest id) wins.
 */
export function resolveAdjustments<R extends AdjustmentRule>(
  rules: readonly R[],
  dates: readonly string[],
): Map<string, R> {
  const found = new Map<string, R>();
  for (const date of dates) {
    let best: R | undefined;
    for (const rule of rules) {
      if (!appliesOn(rule, date)) continue;
      if (!best || rank(rule, date) > rank(best, date)) best = rule;
    }
    if (best) found.set(date, best);
  }
  return found;
}

const rank = (rule: AdjustmentRule, date: string) =>
  (rule.day === date && !rule.recursYearly ? 2 ** 40 : 0) + rule.id;

/** The hours per date of the resolved adjustments, as the opening-hours functions take them. */
export function adjustmentHours(
  rules: readonly AdjustmentRule[],
  dates: readonly string[],
): HourAdjustments {
  const resolved = resolveAdjustments(rules, dates);
  return new Map([...resolved].map(([date, rule]) => [date, rule.hours ?? null]));
}

/** `date` plus `days` calendar days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  const index = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return WEEKDAYS[index] as Weekday;
}

/** The consecutive dates from `first`, `count` of them. */
export function datesFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** The month-days (MM-DD) of the given dates, for a query that finds yearly rules. */
export function monthDaysOf(dates: readonly string[]): string[] {
  return [...new Set(dates.map((date) => date.slice(5)))];
}

export type PreviewDay<R extends AdjustmentRule = AdjustmentRule> = {
  date: string;
  weekday: Weekday;
  /** the hours visitors see that day; null: closed */
  hours: DayHours;
  /** the adjustment that replaced the weekday's hours, if one did */
  adjustment: R | null;
};

/** The days from `first` as visitors will see them: weekly hours with adjustments applied. */
export function previewDays<R extends AdjustmentRule>(
  weekly: WeeklyHoursOnWire,
  rules: readonly R[],
  first: string,
  count: number,
): PreviewDay<R>[] {
  const dates = datesFrom(first, count);
  const resolved = resolveAdjustments(rules, dates);
  return dates.map((date) => {
    const weekday = weekdayOf(date);
    const adjustment = resolved.get(date) ?? null;
    const hours = adjustment ? (adjustment.hours ?? null) : (weekly[weekday] ?? null);
    return { date, weekday, hours, adjustment };
  });
}
