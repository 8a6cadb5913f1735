// Durations as a receptionist reads them at a glance: "under 1 min", "12 min", "1 hr 5 min", in the
// page language (Intl's own unit names, so every language gets its usual abbreviations).
import type { IntlShape } from "react-intl";

export function formatWait(intl: IntlShape, seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return intl.formatMessage({ id: "Office.under_a_minute" });
  const unit = (value: number, name: "hour" | "minute") =>
    intl.formatNumber(value, { style: "unit", unit: name, unitDisplay: "short" });
  if (minutes < 90) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

/** Seconds from `isoStart` to `nowMs` on the server's clock (`offsetMs` = server − browser). */
export function secondsSince(isoStart: string, nowMs: number, offsetMs: number): number {
  const start = Date.parse(isoStart);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.round((nowMs + offsetMs - start) / 1000));
}
