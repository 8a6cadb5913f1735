// Test support for the location finder: location resources built by the server's own presenter
// from in-memory rows, so the finder is tested against the exact shape the API sends.
import type { locations } from "../../../server/db/schema.ts";
import { presentLocation } from "../../../server/locations/present-location.ts";
import type { LocationResource } from "../../api/locations.ts";

type LocationRow = typeof locations.$inferSelect;

export const NOW = new Date("2026-03-11T15:00:00Z"); // a Wednesday, 11:00 in Toronto
const nineToFive = { open: "09:00", closed: "17:00" };

export function locationRow(overrides: Partial<LocationRow> = {}): LocationRow {
  return {
    id: 1,
    vendorId: 1,
    externalId: null,
    name: "Toronto — First Canadian Place",
    address: "100 King Street West",
    city: "Toronto",
    provState: "ON",
    postalZip: "M5X 1A9",
    country: "CA",
    latitude: 43.6486,
    longitude: -79.3817,
    phone: "+14165550142",
    physical: true,
    region: null,
    mailingCode: null,
    lang: "en",
    googleReviewUrl: null,
    sortOrder: 10,
    timezone: "America/Toronto",
    visibility: "public",
    supportsCurbsidePickup: false,
    supportsInPerson: true,
    supportsPhone: true,
    supportsVideo: true,
    instructions: null,
    restrictCallbackRequestHours: false,
    hours: {
      monday: nineToFive,
      tuesday: nineToFive,
      wednesday: nineToFive,
      thursday: { open: "09:00", closed: "19:00" },
      friday: nineToFive,
      saturday: { open: "10:00", closed: "14:00" },
      sunday: null,
    },
    translations: [],
    createdAt: NOW,
    ...overrides,
  };
}

export function locationResource(
  overrides: Partial<LocationRow> = {},
  extras: Parameters<typeof presentLocation>[3] = {},
): LocationResource {
  return presentLocation(locationRow(overrides), "en", NOW, extras);
}

/** Five branches in three countries, two in the same city. */
export function demoLocations(): LocationResource[] {
  return [
    locationResource(),
    locationResource({
      id: 2,
      name: "Toronto — Yonge & Eglinton",
      address: "2300 Yonge Street",
      postalZip: "M4P 1E4",
      latitude: 43.7069,
      longitude: -79.3984,
      sortOrder: 15,
    }),
    locationResource({
      id: 3,
      name: "Montréal — Place Ville Marie",
      address: "1 Place Ville Marie",
      city: "Montréal",
      provState: "QC",
      postalZip: "H3B 2C1",
      latitude: 45.5017,
      longitude: -73.5693,
      sortOrder: 20,
    }),
    locationResource({
      id: 4,
      name: "New York — Wall Street",
      address: "40 Wall Street",
      city: "New York",
      provState: "NY",
      postalZip: "10005",
      country: "US",
      latitude: 40.7069,
      longitude: -74.0113,
      timezone: "America/New_York",
      sortOrder: 30,
    }),
    locationResource({
      id: 5,
      name: "Warszawa — Złota",
      address: "ul. Złota 59",
      city: "Warszawa",
      provState: "",
      postalZip: "00-120",
      country: "PL",
      latitude: 52.2306,
      longitude: 21.0034,
      timezone: "Europe/Warsaw",
      sortOrder: 40,
    }),
  ];
}
