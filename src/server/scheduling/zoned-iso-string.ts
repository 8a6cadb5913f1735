// An instant written as the wall clock of a time zone with its offset (RFC 3339), as the open API
// answers appointment times: "2026-12-01T09:00:00-05:00" reads as the location's 9:00.
import { localTime } from "../../shared/opening-hours.ts";

const pad = (value: number) => String(value).padStart(2, "0");

/** `instant` (epoch ms) in `timeZone`, to the second, with the zone's offset then. */
export function zonedIsoString(instant: number, timeZone: string): string {
  const minuteStart = Math.floor(instant / 60_000) * 60_000;
  const local = localTime(new Date(minuteStart), timeZone);
  const wallClock = Date.parse(`${local.date}T00:00:00Z`) + local.minutes * 60_000;
  const offset = Math.round((wallClock - minuteStart) / 60_000);
  const seconds = Math.floor((instant - minuteStart) / 1000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${local.date}T${pad(Math.floor(local.minutes / 60))}:${pad(local.minutes % 60)}:${pad(seconds)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
