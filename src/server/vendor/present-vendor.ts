// The public initial state of a vendor's pages (spec §1, §3, §6): name, theme, languages,
// client-view settings, public feature flags and realtime settings. Nothing here is secret.
import { PUBLIC_FEATURES, type VendorResource } from "../../shared/contracts/vendor.ts";
import type { Locale } from "../../shared/domain.ts";
import { REALTIME_PATH } from "../../shared/realtime-channels.ts";
import { themeColours } from "../../shared/theme-colours.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";

/** Map settings of the install (config MAP_TILE_URL, GEOCODER_URL), the same for every vendor. */
export type PublicMapSettings = {
  /** Leaflet tile URL template ({z}/{x}/{y}, optional {s}) */
  tileUrl: string;
  /** "geocoder" when a Nominatim-compatible geocoder is configured (served through our own
   * /places proxy), else "offline": suggestions from the vendor's own locations */
  places: "geocoder" | "offline";
};

export function presentVendor(
  vendor: Vendor,
  locale: Locale,
  maps: PublicMapSettings,
): VendorResource {
  const { settings, theme } = vendor;
  const clientView = settings.client_view;
  const features = Object.fromEntries(
    PUBLIC_FEATURES.map((name) => [name, settings.features[name]]),
  ) as VendorResource["attributes"]["features"];
  return {
    type: "vendors" as const,
    id: String(vendor.id),
    attributes: {
      name: vendor.name,
      slug: vendor.slug,
      homepage: clientView.homepage ?? vendor.homepage,
      currency: vendor.currency,
      private_label: vendor.privateLabel,
      logo: theme.logo_url,
      theme,
      theme_colours: themeColours(theme),
      languages: {
        available: clientView.available_languages,
        default: clientView.default_language,
        current: locale,
      },
      client_view: clientView,
      callback_contact_options: clientView.callback_contact_options,
      features,
      show_queue_appointment_feedback:
        vendor.showQueueAppointmentFeedback && settings.features.queue_appointment_feedback,
      show_wait_time: clientView.show_wait_time,
      location_search_radius: clientView.location_search_radius,
      callback_closed_location_info: settings.callback_closed_location_info,
      schedule_interval: settings.schedule_interval,
      service_interval: settings.service_interval,
      booking: {
        window_days: settings.booking.window_days,
        attendees_limit: settings.booking.attendees_limit,
      },
      social: settings.social,
      duration_text: settings.duration_text[locale] ?? null,
      synonyms: settings.synonyms[locale] ?? {},
      maps: { tile_url: maps.tileUrl, places: maps.places },
      realtime: {
        driver: "socket.io" as const,
        path: REALTIME_PATH,
        transports: ["websocket" as const],
      },
    },
  };
}
