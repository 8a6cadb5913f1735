// Duration maths and wording (spec §4 "Wait time display", §9): minutes, then hours up to 48, then
// days below 7, then weeks; a wait under 5 minutes reads "5 minutes", over 90 minutes hours and minutes.
// Pure and locale-aware through Intl, so the web pages and the server's notifications word it alike.

export const MINUTE_MS = 60_000;
/** A wait shorter than this still reads as this many minutes: nobody is served that fast. */
export const WAIT_FLOOR_MINUTES = 5;
/** Waits up to this many minutes read in minutes; longer ones in hours and minutes. */
export const WAIT_MINUTES_UP_TO = 90;
/** Durations up to this many hours read in hours; longer ones in days. */
export const HOURS_UP_TO = 48;
/** Durations below this many days read in days; longer ones in weeks. */
export const DAYS_BELOW = 7;

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** The units a duration is written in, largest first; absent units are not written. */
export type DurationParts = {
  weeks?: number;
  days?: number;
  hours?: number;
  minutes?: number;
};

export type LadderOptions = {
  /** durations up to this many minutes (inclusive) are written in minutes only */
  minutesUpTo?: number;
};

/**
 * Splits a number of minutes into the §9 ladder: minutes (up to `minutesUpTo`, 59 by default),
 * then hours and remaining minutes up to 48 hours, then whole days below 7, then whole weeks.
 * Negative and non-finite inputs count as zero.
 */
export function durationParts(totalMinutes: number, options: LadderOptions = {}): DurationParts {
  const minutesUpTo = options.minutesUpTo ?? MINUTES_PER_HOUR - 1;
  const total = Number.isFinite(totalMinutes) ? Math.max(0, Math.round(totalMinutes)) : 0;
  if (total <= minutesUpTo) return { minutes: total };
  if (total <= HOURS_UP_TO * MINUTES_PER_HOUR) {
    const hours = Math.floor(total / MINUTES_PER_HOUR);
    const minutes = total % MINUTES_PER_HOUR;
    return minutes === 0 ? { hours } : { hours, minutes };
  }
  // Rounded before choosing the unit, so 6.6 days reads "1 week", never "7 days".
  const days = Math.round(total / MINUTES_PER_DAY);
  if (days < DAYS_BELOW) return { days };
  return { weeks: Math.max(1, Math.round(total / MINUTES_PER_WEEK)) };
}

/** The wait ladder of §4: at least 5 minutes, minutes up to 90, then hours and minutes, days, weeks. */
export function waitDurationParts(waitMinutes: number): DurationParts {
  const minutes = Number.isFinite(waitMinutes) ? Math.max(0, waitMinutes) : 0;
  return durationParts(Math.max(WAIT_FLOOR_MINUTES, minutes), {
    minutesUpTo: WAIT_MINUTES_UP_TO,
  });
}

/**
 * Whole minutes from `now` until `expectedStart`, never below zero (spec §4); null when there is no
 * valid expected start. Truncated, so "0" means less than a minute to go (the page's "you are next").
 */
export function waitMinutesUntil(
  expectedStart: string | Date | null | undefined,
  now: Date | number,
): number | null {
  if (expectedStart === null || expectedStart === undefined || expectedStart === "") return null;
  const start =
    expectedStart instanceof Date ? expectedStart.getTime() : new Date(expectedStart).getTime();
  if (Number.isNaN(start)) return null;
  const from = typeof now === "number" ? now : now.getTime();
  return Math.max(0, Math.floor((start - from) / MINUTE_MS));
}

const UNITS = [
  ["weeks", "week"],
  ["days", "day"],
  ["hours", "hour"],
  ["minutes", "minute"],
] as const;

/** "1 hour, 35 minutes", "1 hora y 35 minutos", "1시간 35분": each unit and the list in the locale's words. */
export function formatDuration(parts: DurationParts, locale: string): string {
  const words = UNITS.flatMap(([key, unit]) => {
    const value = parts[key];
    if (value === undefined) return [];
    return [
      new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(value),
    ];
  });
  if (words.length === 0) {
    words.push(
      new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }).format(
        0,
      ),
    );
  }
  return new Intl.ListFormat(locale, { type: "unit", style: "long" }).format(words);
}

/** A wait of `waitMinutes` in the visitor's words, per the §4 ladder ("5 minutes" for anything shorter). */
export function formatWaitDuration(waitMinutes: number, locale: string): string {
  return formatDuration(waitDurationParts(waitMinutes), locale);
}
