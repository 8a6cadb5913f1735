// How the clients pages write times: in the item's location's time zone (the browser's when the
// item has none) and the user's locale, and a wait as minutes.
import type { IntlShape } from "react-intl";

export function formatClientTime(intl: IntlShape, at: string, timeZone?: string | null): string {
  return intl.formatDate(at, {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  });
}

export function fullName(a: { first_name: string; last_name: string }): string {
  return `${a.first_name} ${a.last_name}`.trim();
}
