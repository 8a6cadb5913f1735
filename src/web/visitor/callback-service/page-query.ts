// The callback form's query parameters (spec §2): meeting method, preselected service, booking
// source from `mode`, workflow, kiosk markers, tracking parameters, and what the confirmation
// page must carry on (everything except the values it sets itself).
import { MEETING_METHODS, type MeetingMethod } from "../../../shared/domain.ts";
import {
  bookingSourceFromMode,
  isKioskSource,
  type VisitorBookingSource,
} from "../../../shared/queue/booking-source.ts";

export const TRACKING_PARAMETERS = [
  "utm_content",
  "utm_medium",
  "utm_source",
  "utm_campaign",
  "utm_term",
] as const;

/** The confirmation link sets these itself (spec §2 "with query code, id, lang and kiosk parameters"). */
const SET_BY_CONFIRMATION = new Set(["id", "code", "lang", "mode", "use_new_kiosk"]);

export type CallbackPageQuery = {
  meetingMethod: MeetingMethod;
  /** whether the link named the meeting method; if not, the visitor may choose one */
  meetingMethodNamed: boolean;
  /** a service id to preselect */
  serviceId: string | null;
  /** `mode` as given, for the server and the confirmation link */
  mode: string | null;
  bookedThrough: VisitorBookingSource;
  source: string | null;
  workflowId: string | null;
  /** a physical kiosk in the lobby: no compliance tick box, no autocomplete (spec §5) */
  kiosk: boolean;
  /** the walk_in marker: the visitor is already at the location, so no curbside is offered */
  walkIn: boolean;
  useNewKiosk: boolean;
  tracking: Partial<Record<(typeof TRACKING_PARAMETERS)[number], string>>;
  /** every parameter the confirmation page carries on, for its book-another link */
  keep: Record<string, string>;
};

const METHOD_NAMES: Record<string, MeetingMethod> = {
  "1": MEETING_METHODS.in_person,
  in_person: MEETING_METHODS.in_person,
  "in-person": MEETING_METHODS.in_person,
  "2": MEETING_METHODS.phone,
  phone: MEETING_METHODS.phone,
  "3": MEETING_METHODS.video,
  video: MEETING_METHODS.video,
};

/** `meeting_method` by number or name; anything else is the online queue (in person). */
export function meetingMethodOf(value: string | null): MeetingMethod {
  return namedMeetingMethod(value) ?? MEETING_METHODS.in_person;
}

function namedMeetingMethod(value: string | null): MeetingMethod | null {
  return METHOD_NAMES[(value ?? "").trim().toLowerCase()] ?? null;
}

/** How a chosen meeting method is written in the page's link. */
export const MEETING_METHOD_PARAMETER: Record<MeetingMethod, string> = {
  [MEETING_METHODS.in_person]: "in_person",
  [MEETING_METHODS.phone]: "phone",
  [MEETING_METHODS.video]: "video",
};

const flag = (value: string | null) => value !== null && !/^(0|false|no)$/i.test(value.trim());
const textOf = (value: string | null, max: number) => {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed.slice(0, max);
};

export function readCallbackPageQuery(search: URLSearchParams): CallbackPageQuery {
  const mode = textOf(search.get("mode"), 32);
  const fromMode = bookingSourceFromMode(mode);
  const bookedThrough: VisitorBookingSource =
    search.get("booked_through")?.toLowerCase() === "kiosk_qr"
      ? "kiosk_qr"
      : fromMode.bookedThrough;
  const source =
    search.get("source")?.toLowerCase() === "invitation" ? "invitation" : fromMode.source;
  const serviceId = search.get("service");
  const tracking: CallbackPageQuery["tracking"] = {};
  for (const name of TRACKING_PARAMETERS) {
    const value = textOf(search.get(name), 200);
    if (value) tracking[name] = value;
  }
  const keep: Record<string, string> = {};
  for (const [name, value] of search) if (!SET_BY_CONFIRMATION.has(name)) keep[name] = value;
  return {
    meetingMethod: meetingMethodOf(search.get("meeting_method")),
    meetingMethodNamed: namedMeetingMethod(search.get("meeting_method")) !== null,
    serviceId: serviceId && /^\d{1,10}$/.test(serviceId) ? serviceId : null,
    mode,
    bookedThrough,
    source,
    workflowId: textOf(search.get("workflow"), 100),
    kiosk: isKioskSource(bookedThrough),
    walkIn: flag(search.get("walk_in")),
    useNewKiosk: flag(search.get("use_new_kiosk")),
    tracking,
    keep,
  };
}
