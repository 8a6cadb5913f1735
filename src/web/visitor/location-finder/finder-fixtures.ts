// Test support for the location finder: location resources written out as GET
// /api/v2/open/locations answers them (typed by the contract in src/shared/contracts/location.ts).
// Whether a branch is open, its spec §3 `hours` and its coming hours follow from its opening
// periods by the shared rules.
import type { LocationResource } from "../../../shared/contracts/location.ts";
import { WEEKDAYS } from "../../../shared/domain.ts";
import { dayEnvelope, futureOpenHours, isOpenAt } from "../../../shared/opening-hours.ts";

export const NOW = new Date("2026-03-11T15:00:00Z"); // a Wednesday, 11:00 in Toronto
const nineToFive = [{ open: "09:00", closed: "17:00" }];

type Attributes = LocationResource["attributes"];

export function locationResource(
  overrides: Partial<Attributes> & { id?: number } = {},
): LocationResource {
  const { id = 1, ...changes } = overrides;
  const attributes: Attributes = {
    external_id: null,
    name: "Toronto — First Canadian Place",
    address: "100 King Street West",
    city: "Toronto",
    prov_state: "ON",
    postal_zip: "M5X 1A9",
    country: "CA",
    formatted_address: "100 King Street West, Toronto, ON M5X 1A9, CA",
    coordinates: { lat: 43.6486, lng: -79.3817 },
    latitude: 43.6486,
    longitude: -79.3817,
    phone: "+14165550142",
    phone_formatted: "(416) 555-0142",
    physical: true,
    region: null,
    mailing_code: null,
    lang: "en",
    google_review_url: null,
    sort_order: 10,
    timezone: "America/Toronto",
    visibility: "public",
    supports_curbside_pickup: false,
    supports_in_person: true,
    supports_phone: true,
    supports_video: true,
    instructions: null,
    restrict_callback_request_hours: false,
    hours: {},
    opening_periods: {
      monday: nineToFive,
      tuesday: nineToFive,
      wednesday: nineToFive,
      thursday: [{ open: "09:00", closed: "19:00" }],
      friday: nineToFive,
      saturday: [{ open: "10:00", closed: "14:00" }],
      sunday: [],
    },
    future_open_hours: [],
    is_currently_open: false,
    wait_time: null,
    expected_start: null,
    translations: [],
    ...changes,
  };
  const { opening_periods: periods, timezone } = attributes;
  return {
    type: "locations",
    id: String(id),
    attributes: {
      ...attributes,
      hours:
        changes.hours ??
        Object.fromEntries(WEEKDAYS.map((day) => [day, dayEnvelope(periods[day])])),
      future_open_hours: changes.future_open_hours ?? futureOpenHours(periods, timezone, NOW),
      is_currently_open: changes.is_currently_open ?? isOpenAt(periods, timezone, NOW),
    },
  };
}

/** Where a branch is: its address parts, the address written out, and its coordinates. */
function place(
  address: string,
  city: string,
  provState: string,
  postalZip: string,
  country: string,
  lat: number,
  lng: number,
): Partial<Attributes> {
  return {
    address,
    city,
    prov_state: provState,
    postal_zip: postalZip,
    country,
    formatted_address: [address, city, [provState, postalZip].filter(Boolean).join(" "), country]
      .filter(Boolean)
      .join(", "),
    coordinates: { lat, lng },
    latitude: lat,
    longitude: lng,
  };
}

/** Five branches in three countries, two in the same city. */
export function demoLocations(): LocationResource[] {
  return [
    locationResource(),
    locationResource({
      id: 2,
      name: "Toronto — Yonge & Eglinton",
      ...place("2300 Yonge Street", "Toronto", "ON", "M4P 1E4", "CA", 43.7069, -79.3984),
      sort_order: 15,
    }),
    locationResource({
      id: 3,
      name: "Montréal — Place Ville Marie",
      ...place("1 Place Ville Marie", "Montréal", "QC", "H3B 2C1", "CA", 45.5017, -73.5693),
      sort_order: 20,
    }),
    locationResource({
      id: 4,
      name: "New York — Wall Street",
      ...place("40 Wall Street", "New York", "NY", "10005", "US", 40.7069, -74.0113),
      // a Toronto number seen from a US branch is written internationally
      phone_formatted: "+1 416 555 0142",
      timezone: "America/New_York",
      sort_order: 30,
    }),
    locationResource({
      id: 5,
      name: "Warszawa — Złota",
      ...place("ul. Złota 59", "Warszawa", "", "00-120", "PL", 52.2306, 21.0034),
      phone_formatted: "+1 416 555 0142",
      timezone: "Europe/Warsaw",
      sort_order: 40,
    }),
  ];
}
