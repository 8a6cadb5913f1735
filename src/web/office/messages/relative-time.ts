// "3 minutes ago", "yesterday": how long ago an instant was, in the page's language, in the largest
// unit that fits (Intl.RelativeTimeFormat through react-intl, numeric: auto).

export type RelativeTime = { value: number; unit: "second" | "minute" | "hour" | "day" };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The value and unit to format `at` with, seen from `now` (negative: in the past). */
export function relativeTime(at: Date, now: Date): RelativeTime {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const size = Math.abs(seconds);
  if (size < MINUTE) return { value: 0, unit: "second" };
  if (size < HOUR) return { value: Math.trunc(seconds / MINUTE), unit: "minute" };
  if (size < DAY) return { value: Math.trunc(seconds / HOUR), unit: "hour" };
  return { value: Math.trunc(seconds / DAY), unit: "day" };
}
