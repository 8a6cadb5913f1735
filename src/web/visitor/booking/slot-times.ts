// A day's free times as the visitor reads them: in the LOCATION's time zone and the visitor's
// language, grouped into morning (before 12:00), afternoon (12:00–16:59) and evening (17:00 on) by
// the location's wall clock — so a daylight-saving day groups as it reads there — each with a full
// name for screen readers ("Tuesday, December 1 at 9:30 AM"). Where a day repeats an hour (the
// clocks go back) the two times that read alike carry their zone's short name to tell them apart.
import type { AvailableSlot } from "../../api/booking/availability.ts";

export type DayPart = "morning" | "afternoon" | "evening";
export const DAY_PARTS: readonly DayPart[] = ["morning", "afternoon", "evening"];

export type SlotTime = { slot: AvailableSlot; label: string; name: string };
export type SlotGroup = { part: DayPart; times: SlotTime[] };

function hourAt(instant: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone })
    .formatToParts(instant)
    .find((part) => part.type === "hour");
  return Number(hour?.value ?? 0);
}

const partOf = (hour: number): DayPart =>
  hour < 12 ? "morning" : hour < 17 ? "afternoon" : "evening";

export function groupSlots(
  slots: readonly AvailableSlot[],
  options: { timeZone: string; locale: string },
): SlotGroup[] {
  const { timeZone, locale } = options;
  const time = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone });
  const zoned = new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  });
  const full = new Intl.DateTimeFormat(locale, {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  });
  const labels = slots.map((slot) => time.format(new Date(slot.start)));
  const repeated = new Set(labels.filter((label, index) => labels.indexOf(label) !== index));
  const groups = new Map<DayPart, SlotTime[]>();
  slots.forEach((slot, index) => {
    const start = new Date(slot.start);
    const label = labels[index] ?? "";
    const twice = repeated.has(label);
    const entry = {
      slot,
      label: twice ? zoned.format(start) : label,
      name: twice
        ? `${full.format(start)} ${zoneName(timeZone, locale, start, "short")}`
        : full.format(start),
    };
    const part = partOf(hourAt(start, timeZone));
    groups.set(part, [...(groups.get(part) ?? []), entry]);
  });
  return DAY_PARTS.filter((part) => groups.has(part)).map((part) => ({
    part,
    times: groups.get(part) ?? [],
  }));
}

/** The zone's name in the visitor's language ("Eastern Time"), or its short form ("EST"). */
export function zoneName(
  timeZone: string,
  locale: string,
  at: Date,
  style: "long" | "short" = "long",
): string {
  const read = (timeZoneName: Intl.DateTimeFormatOptions["timeZoneName"]) =>
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value;
  if (style === "short") return read("short") ?? timeZone;
  try {
    return read("longGeneric") ?? read("long") ?? timeZone;
  } catch {
    return read("long") ?? timeZone;
  }
}

/** Whether the browser's own zone differs from the location's, so the times need their zone said. */
export function zoneDiffers(timeZone: string, browserZone: string | undefined): boolean {
  if (!browserZone) return true;
  if (browserZone === timeZone) return false;
  // Two names of one zone (an alias) tell the same time: compare the clock over a year.
  const probe = [0, 3, 6, 9].map((month) => new Date(Date.UTC(2026, month, 15, 12)));
  const clock = (zone: string) =>
    probe
      .map((at) =>
        new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeStyle: "short" }).format(at),
      )
      .join();
  return clock(timeZone) !== clock(browserZone);
}

/** A day as the strip and the times' heading name it ("Tuesday, December 1"). */
export function dayName(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** An appointment's day and times at the location ("Tuesday, December 1, 2026, 9:30 – 10:00 AM"). */
export function formatTimeRange(
  start: string,
  end: string | null,
  options: { timeZone: string; locale: string },
): string {
  const format = new Intl.DateTimeFormat(options.locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: options.timeZone,
  });
  return end ? format.formatRange(new Date(start), new Date(end)) : format.format(new Date(start));
}
