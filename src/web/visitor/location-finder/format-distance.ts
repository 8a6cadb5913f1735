// Distances in the finder (spec §9): miles for US locations, kilometres elsewhere, as the API sends
// them, written in the visitor's language ("1.2 km", "3,4 km", "0.5 mi").

export type DistanceUnit = "mi" | "km";

const UNIT_NAMES: Record<DistanceUnit, "mile" | "kilometer"> = { mi: "mile", km: "kilometer" };

export function formatDistance(value: number, unit: DistanceUnit, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: UNIT_NAMES[unit],
    unitDisplay: "short",
    // Short distances need the tenth; far ones read better whole.
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
