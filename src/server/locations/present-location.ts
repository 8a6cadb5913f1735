// Turns a location row into its JSON:API resource (spec §3 Location), in the request's language.
import type { LocationResource } from "../../shared/contracts/location.ts";
import type { Locale } from "../../shared/domain.ts";
import { WEEKDAYS } from "../../shared/domain.ts";
import {
  dayEnvelope,
  dayIntervals,
  dayRanges,
  futureOpenHours,
  type HourAdjustments,
  isOpenAt,
  type OpeningInterval,
  type WeeklyHours,
} from "../../shared/opening-hours.ts";
import { displayPhoneNumber } from "../../shared/queue/phone-number.ts";
import { translated } from "../../shared/translations.ts";
import type { locations } from "../db/schema.ts";
import type { Distance } from "./distance.ts";
import type { NewVisitorWait } from "./location-waits.ts";

type LocationRow = typeof locations.$inferSelect;

export type LocationExtras = {
  /** the wait of a visitor joining now; null when nobody can serve, undefined when not computed */
  wait?: NewVisitorWait | null;
  distance?: Distance;
  /** dated exceptions to the weekly hours (holidays): closed days and special hours win */
  adjustments?: HourAdjustments;
};

type PresentedLocation = LocationResource;

/**
 * Per row object and language, the resource as presented in the current minute: hours work in
 * whole minutes, so within one the answer is the same, and a row kept by the join catalog is
 * presented once a minute instead of once per join (time zones and phone formats are not cheap).
 *
 * Kept here, keyed by the row object, rather than on the app with an invalidation path of its
 * own: an entry is a pure function of a row that is never changed in place, so it cannot go stale.
 * A changed location is a new row object, read afresh once the join catalog (app.caches) drops the
 * old one, and the old row's entries die with it.
 */
const presentedThisMinute = new WeakMap<
  LocationRow,
  Map<Locale, { minute: number; value: PresentedLocation }>
>();

export function presentLocation(
  row: LocationRow,
  locale: Locale,
  now: Date,
  extras: LocationExtras = {},
): PresentedLocation {
  // Distances, waits and holidays vary per request: those are presented afresh.
  if (extras.wait !== undefined || extras.distance || extras.adjustments) {
    return presentRow(row, locale, now, extras);
  }
  const minute = Math.floor(now.getTime() / 60_000);
  let byLocale = presentedThisMinute.get(row);
  if (!byLocale) {
    byLocale = new Map();
    presentedThisMinute.set(row, byLocale);
  }
  const kept = byLocale.get(locale);
  if (kept && kept.minute === minute) return kept.value;
  const value = presentRow(row, locale, now, extras);
  byLocale.set(locale, { minute, value });
  return value;
}

function presentRow(
  row: LocationRow,
  locale: Locale,
  now: Date,
  extras: LocationExtras,
): LocationResource {
  const name = translated(row.translations, "name", locale, row.name || row.address);
  const address = translated(row.translations, "address", locale, row.address);
  let isOpen = false;
  let future: ReturnType<typeof futureOpenHours> = [];
  try {
    isOpen = isOpenAt(row.hours, row.timezone, now, extras.adjustments);
    future = futureOpenHours(row.hours, row.timezone, now, extras.adjustments);
  } catch {
    // Malformed hours are refused on write; a row that still has them is shown as closed.
  }
  return {
    type: "locations" as const,
    id: String(row.id),
    attributes: {
      external_id: row.externalId,
      name,
      address,
      city: row.city,
      prov_state: row.provState,
      postal_zip: row.postalZip,
      country: row.country,
      formatted_address: [
        address,
        row.city,
        [row.provState, row.postalZip].filter(Boolean).join(" "),
        row.country,
      ]
        .filter(Boolean)
        .join(", "),
      coordinates: { lat: row.latitude, lng: row.longitude },
      latitude: row.latitude,
      longitude: row.longitude,
      phone: row.phone,
      // National form for a number of the location's country, so pages need no phone library.
      phone_formatted: row.phone ? displayPhoneNumber(row.phone, row.country) : null,
      physical: row.physical,
      region: row.region,
      mailing_code: row.mailingCode,
      lang: row.lang,
      google_review_url: row.googleReviewUrl,
      sort_order: row.sortOrder,
      timezone: row.timezone,
      visibility: row.visibility,
      supports_curbside_pickup: row.supportsCurbsidePickup,
      supports_in_person: row.supportsInPerson,
      supports_phone: row.supportsPhone,
      supports_video: row.supportsVideo,
      instructions: row.instructions
        ? translated(row.translations, "instructions", locale, row.instructions)
        : null,
      restrict_callback_request_hours: row.restrictCallbackRequestHours,
      hours: envelopes(row.hours),
      opening_periods: periods(row.hours),
      future_open_hours: future,
      is_currently_open: isOpen,
      wait_time: extras.wait ? extras.wait.seconds : null,
      expected_start: extras.wait ? extras.wait.expectedStart : null,
      ...(extras.distance
        ? {
            distance: extras.distance.value,
            unit: extras.distance.unit,
            within: extras.distance.within,
          }
        : {}),
      translations: row.translations,
    },
  };
}

/** Spec §3 `hours`: one {open, closed} a weekday, the day's first open and last close. */
function envelopes(hours: WeeklyHours): LocationResource["attributes"]["hours"] {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, dayEnvelope(hours[day])]));
}

/** Every period of each weekday, for pages that show a lunch closure; a malformed day: closed. */
function periods(hours: WeeklyHours): Record<string, OpeningInterval[]> {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      try {
        dayRanges(hours[day]);
        return [day, dayIntervals(hours[day])];
      } catch {
        return [day, []];
      }
    }),
  );
}
