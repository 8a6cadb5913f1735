// The booking flow's state, all of it in the address (spec §3 booking selection state; decision
// 0026): what the visitor has chosen so far, and why they are here (booking, moving an appointment,
// or turning a queue place into one). Reading never trusts the link: a malformed value is "not
// chosen". Changing an earlier choice drops the later ones it invalidates; every other parameter
// (lang, mode, tracking…) rides along untouched.
import { BOOKING_MEETING_METHODS } from "../../../shared/domain.ts";
import { isKioskPage } from "../kiosk/kiosk-mode.ts";

export type BookingMethod = (typeof BOOKING_MEETING_METHODS)[keyof typeof BOOKING_MEETING_METHODS];

/** "any": the visitor takes whoever is free (or the flow asked nobody). */
export const ANY_STAFF = "any";

export type BookingSelection = {
  serviceId: string | null;
  locationId: string | null;
  /** a staff member's id, ANY_STAFF, or null while not chosen */
  staff: string | null;
  meetingMethod: BookingMethod | null;
  /** the day shown on the time step (the location's local date) */
  date: string | null;
  /** the chosen slot's start, as the availability answer gave it */
  start: string | null;
  attendees: number | null;
};

export type BookingContext = {
  /** moving a booked appointment: the time step PATCHes it instead of booking anew */
  reschedule: { id: string; code: string } | null;
  /** turning a queue place into an appointment (spec §4 Convert) */
  conversion: { queueAppointmentId: string; code: string } | null;
  /** a lobby kiosk (mode=kiosk), not a visitor's own phone */
  kiosk: boolean;
};

/** Each choice's query parameter. */
export const SELECTION_PARAMETERS = {
  serviceId: "service",
  locationId: "location",
  staff: "staff",
  meetingMethod: "meeting_method",
  date: "date",
  start: "start",
  attendees: "attendees",
} as const satisfies Record<keyof BookingSelection, string>;

/** What a change to one choice makes stale: the time was free for that service, place and person. */
const INVALIDATES: Partial<Record<keyof BookingSelection, (keyof BookingSelection)[]>> = {
  serviceId: ["staff", "start"],
  locationId: ["staff", "start"],
  staff: ["start"],
  meetingMethod: ["start"],
  attendees: ["start"],
};

const METHOD_NAMES: Record<string, BookingMethod> = {
  "1": BOOKING_MEETING_METHODS.in_person,
  in_person: BOOKING_MEETING_METHODS.in_person,
  "2": BOOKING_MEETING_METHODS.phone,
  phone: BOOKING_MEETING_METHODS.phone,
  "3": BOOKING_MEETING_METHODS.video,
  video: BOOKING_MEETING_METHODS.video,
  "4": BOOKING_MEETING_METHODS.off_site,
  off_site: BOOKING_MEETING_METHODS.off_site,
};

const ID = /^[1-9]\d{0,9}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const idOf = (value: string | null) => (value && ID.test(value.trim()) ? value.trim() : null);

/** A real calendar day written YYYY-MM-DD, else null. */
export function calendarDateOf(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

function instantOf(value: string | null): string | null {
  if (!value || !INSTANT.test(value) || Number.isNaN(Date.parse(value))) return null;
  return value;
}

function attendeesOf(value: string | null): number | null {
  if (!value || !/^\d{1,2}$/.test(value)) return null;
  const count = Number(value);
  return count >= 1 && count <= 50 ? count : null;
}

export function readBookingSelection(search: URLSearchParams): BookingSelection {
  const staff = search.get("staff")?.trim().toLowerCase() ?? null;
  return {
    serviceId: idOf(search.get("service")),
    locationId: idOf(search.get("location")),
    staff: staff === ANY_STAFF ? ANY_STAFF : idOf(staff),
    meetingMethod: METHOD_NAMES[search.get("meeting_method")?.trim().toLowerCase() ?? ""] ?? null,
    date: calendarDateOf(search.get("date")),
    start: instantOf(search.get("start")),
    attendees: attendeesOf(search.get("attendees")),
  };
}

export function readBookingContext(search: URLSearchParams): BookingContext {
  const code = search.get("code")?.trim() || null;
  const reschedule = idOf(search.get("reschedule"));
  const queuePlace = idOf(search.get("from_queue_appointment"));
  return {
    reschedule: reschedule && code ? { id: reschedule, code } : null,
    conversion: !reschedule && queuePlace && code ? { queueAppointmentId: queuePlace, code } : null,
    kiosk: isKioskPage(search),
  };
}

/**
 * The query with `change` applied: a choice set to something new clears the choices that depended
 * on it (unless the same change sets them too); null removes a choice.
 */
export function withSelection(
  search: URLSearchParams,
  change: Partial<BookingSelection>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const before = readBookingSelection(search);
  const cleared = new Set<keyof BookingSelection>();
  for (const key of Object.keys(change) as (keyof BookingSelection)[]) {
    if (change[key] === before[key]) continue;
    for (const stale of INVALIDATES[key] ?? []) if (!(stale in change)) cleared.add(stale);
  }
  for (const key of cleared) next.delete(SELECTION_PARAMETERS[key]);
  for (const [key, value] of Object.entries(change) as [keyof BookingSelection, unknown][]) {
    const name = SELECTION_PARAMETERS[key];
    if (value === null || value === undefined) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/** The query as a plain object, for paths.* builders. */
export const queryObject = (search: URLSearchParams): Record<string, string> =>
  Object.fromEntries(search);
