// Every URL the visitor side builds, in one typed place: its pages and the open API endpoints it
// calls. Components never assemble a URL by hand, so a route change is one edit here. The back
// office's pages and the staff API are in office/office-paths.ts, so that no visitor page's entry
// chunk carries them.
import type { Locale } from "../shared/domain.ts";

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Appends the defined query parameters to `path` ("/x" + {a: 1, b: undefined} → "/x?a=1"). */
export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const segment = (value: string | number) => encodeURIComponent(String(value));

export type ConfirmationQuery = {
  id: string | number;
  code: string;
  lang?: Locale;
  mode?: string;
  use_new_kiosk?: boolean;
  /** the form's other query parameters (utm_*, meeting_method…), carried for book-another */
  keep?: Query;
};

/** Parameters of one booking (its id and confirm code), never carried to the next one. */
export const EXCLUDED_FROM_BOOK_ANOTHER = ["id", "code", "confirm_code", "from_queue_appointment"];

/** The product's own site, linked from the footer of vendors that are not white-label. */
const PRODUCT_SITE = "https://nextline.app";

export const paths = {
  home: () => "/",
  productSite: () => PRODUCT_SITE,
  /** the product's own terms and privacy notice, which visitors of non-white-label vendors accept */
  productTerms: () => `${PRODUCT_SITE}/terms`,
  productPrivacy: () => `${PRODUCT_SITE}/privacy`,
  /** the callback form, for one location when its id is known (spec §2) */
  callbackService: (locationId?: string | number, query?: Query) =>
    withQuery(
      locationId === undefined ? "/callback-service" : `/callback-service/${segment(locationId)}`,
      query,
    ),
  /** the location finder under the current page (spec §2 "current path + /location") */
  locationFinder: (basePath: string, query?: Query) =>
    withQuery(`${basePath.replace(/\/+$/, "")}/location`, query),
  /** where choosing a location in the finder leads: the page's path + /{location id} (spec §2) */
  locationChosen: (basePath: string, locationId: string | number, query?: Query) =>
    withQuery(`${basePath.replace(/\/+$/, "")}/${segment(locationId)}`, query),
  confirmation: ({ id, code, lang, mode, use_new_kiosk, keep }: ConfirmationQuery) =>
    withQuery("/callback-service/confirmation", { ...keep, id, code, lang, mode, use_new_kiosk }),
  manage: ({ id, code, lang }: ConfirmationQuery) =>
    withQuery("/callback-service/manage", { id, code, lang }),
  /** a telephone link from a displayed number: keeps the leading + and the digits */
  tel: (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`,
  /** a map centred on coordinates, to check a location's pin (opens on OpenStreetMap) */
  mapPreview: (lat: number, lng: number) =>
    `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`,
  /** maps directions to a location (spec §7 "Directions link built from location address") */
  directions: (address: string) =>
    withQuery("https://www.google.com/maps/dir/", { api: 1, destination: address }),
  /** where a kiosk goes to start over (spec §2 Kiosk) */
  kioskReset: (query: { location: string | number; lang?: string; use_new_kiosk?: string }) =>
    withQuery("/how", {
      location: query.location,
      mode: "kiosk",
      lang: query.lang,
      use_new_kiosk: query.use_new_kiosk,
    }),
  /** the kiosk landing without a known location, which reports it (spec §4 Kiosk) */
  kioskHome: (query: { lang?: string; use_new_kiosk?: string } = {}) =>
    withQuery("/how", { mode: "kiosk", ...query }),
  /** the kiosk's "how would you like to be served" step */
  kioskWhere: (query: { location: string | number; lang?: string; use_new_kiosk?: string }) =>
    withQuery("/where", {
      location: query.location,
      mode: "kiosk",
      lang: query.lang,
      use_new_kiosk: query.use_new_kiosk,
    }),
  /**
   * Book another from the views other than the confirmation (spec §2): the root, or the booking
   * shortcut `/s/{name}` the view is under, with the query minus the booking's own parameters;
   * `location` kept only when the vendor locks visitors to a location.
   */
  bookAnotherFromOtherView: (
    pathname: string,
    search: URLSearchParams,
    locationLocking: boolean,
  ) => {
    const kept: Query = {};
    for (const [name, value] of search)
      if (!EXCLUDED_FROM_BOOK_ANOTHER.includes(name) && (locationLocking || name !== "location"))
        kept[name] = value;
    const shortcut = /^\/s\/[^/]+/.exec(pathname);
    return withQuery(shortcut ? shortcut[0] : "/", kept);
  },
  /** the appointment booking flow's first step (spec §2 client booking steps) */
  bookAppointment: (query?: Query) => withQuery("/select-service", query),

  api: {
    vendor: () => "/api/v2/open/vendor",
    locations: () => "/api/v2/open/locations",
    /** GET a queue appointment with its confirm code; PATCH cancels it (spec §7) */
    queueAppointment: (id: string | number) => `/api/v2/open/queue-appointments/${segment(id)}`,
    /** GET the booking URL that turns a waiting queue place into an appointment (spec §4 Convert) */
    walkinConversion: () => "/api/v3/open/walkin-conversion",
    /** POST feedback on a completed visit (spec §7) */
    walkinFeedback: () => "/api/v3/open/walkin-feedback",
    /** one location by id, a private one too (so its page can say it is private) */
    location: (id: string | number) => `/api/v2/open/locations/${segment(id)}`,
    /** a location's lobby board (mode=tv); a private location's needs its board link's token */
    locationBoard: (id: string | number, token?: string) =>
      withQuery(`/api/v2/open/locations/${segment(id)}/board`, { token }),
    /** place suggestions from the install's geocoder (GET ?q=&limit=) */
    places: () => "/api/v2/open/places",
    /** POST a page view or booking success/failure event (spec §7 analytics) */
    analyticsEvents: () => "/api/v2/open/analytics-events",
    /** POST: join a location's line (spec §7) */
    queueAppointments: () => "/api/v2/open/queue-appointments",
    /** data[0] the services of a location's line, data[1] its wait-time list (spec §7) */
    queueAppointmentsServices: (locationId: string | number) =>
      `/api/v2/open/queue-appointments-services/${segment(locationId)}`,
    /** the vendor's custom questions; `serviceId` keeps those asked for one service (spec §7) */
    questions: (serviceId?: string | number) =>
      withQuery("/api/v2/open/questions", { "filter[matching]": serviceId }),
    /** GET the announcements and notices in effect now, in the page language (docs/cx-snippets.md) */
    cxSnippets: () => "/cx/snippets/api/v1/cx_snippets",
    /** GET who is signed in: staff in the back office, and the kiosk device a kiosk page runs as */
    me: () => "/api/internal/v1/me",
  },
} as const;
