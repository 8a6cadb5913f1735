// What a wait reads as (spec §4): nothing known → "no walk-ins currently", under a minute → "you are
// next", else the §4/§9 duration ("5 minutes" at least, hours and minutes over 90) in the locale.
import { formatWaitDuration, waitMinutesUntil } from "../../../shared/durations.ts";

export type WaitTimeReading =
  /** no expected start: nobody is waiting ahead, or no estimate can be made */
  | { kind: "none" }
  /** the expected start is less than a minute away, or has passed ('0m') */
  | { kind: "next" }
  | { kind: "wait"; minutes: number; duration: string };

export function formatWaitTime(
  expectedStart: string | Date | null | undefined,
  now: Date | number,
  locale: string,
): WaitTimeReading {
  const minutes = waitMinutesUntil(expectedStart, now);
  if (minutes === null) return { kind: "none" };
  if (minutes === 0) return { kind: "next" };
  return { kind: "wait", minutes, duration: formatWaitDuration(minutes, locale) };
}
