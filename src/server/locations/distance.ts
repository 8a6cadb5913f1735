// Great-circle distance from a visitor to a location (spec §9: miles for US locations,
// kilometres elsewhere; "within" when at most the vendor's location_search_radius).

export type Coordinates = { lat: number; lng: number };
export type Distance = { value: number; unit: "mi" | "km"; within: boolean };

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;

export function haversineKm(a: Coordinates, b: Coordinates): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance in the location's unit, rounded to 0.1, and whether it is within the radius. */
export function distanceTo(
  from: Coordinates,
  location: Coordinates & { country: string },
  radius: number,
): Distance {
  const km = haversineKm(from, location);
  const unit = location.country.toUpperCase() === "US" ? "mi" : "km";
  const exact = unit === "mi" ? km / KM_PER_MILE : km;
  return { value: Math.round(exact * 10) / 10, unit, within: exact <= radius };
}

/** "lat,lng" from the `near` query parameter; null when it is not two numbers in range. */
export function parseNear(near: string): Coordinates | null {
  const match = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/.exec(near);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
