// The client-view and booking settings as the page's form holds them: on/off and choices as they
// are, numbers and optional texts as the text in their inputs. Back to the two sections on save:
// an empty optional text is "none" (null), a number is sent as typed (the server names what is out
// of range, in words), and every setting the page does not show is kept as it was read.
import type {
  BookingSettings,
  ClientViewSettings,
  ContactRequirement,
} from "../../../shared/vendor-settings.ts";

/** The numbers and texts edited as text, by their key in the error map. */
export const TEXT_KEYS = [
  "client-view:custom_contact_heading",
  "client-view:custom_contact_message",
  "client-view:disabled_title",
  "client-view:disabled_description",
  "client-view:privacy_policy_url",
  "client-view:terms_of_service_url",
  "client-view:pre_booking_statement",
  "client-view:location_search_radius",
  "client-view:kiosk/custom_message",
  "client-view:time_in_advance_minutes",
  "client-view:time_to_cancel_minutes",
  "client-view:time_to_reschedule_minutes",
  "booking:window_days",
  "booking:staff_daily_limit",
  "booking:location_daily_capacity",
  "booking:off_site_travel_minutes",
  "booking:attendees_limit",
  "booking:reminder_minutes",
] as const;
export type TextKey = (typeof TEXT_KEYS)[number];

export type SettingsDraft = {
  clientView: ClientViewSettings;
  booking: BookingSettings;
  text: Record<TextKey, string>;
};

export type ContactKey = "email" | "mobile_phone" | "notes" | "sms_notifications";
export type { ContactRequirement };

const show = (value: string | number | null) => (value === null ? "" : String(value));

export function draftOf(clientView: ClientViewSettings, booking: BookingSettings): SettingsDraft {
  return {
    clientView,
    booking,
    text: {
      "client-view:custom_contact_heading": show(clientView.custom_contact_heading),
      "client-view:custom_contact_message": show(clientView.custom_contact_message),
      "client-view:disabled_title": show(clientView.disabled_title),
      "client-view:disabled_description": show(clientView.disabled_description),
      "client-view:privacy_policy_url": show(clientView.privacy_policy_url),
      "client-view:terms_of_service_url": show(clientView.terms_of_service_url),
      "client-view:pre_booking_statement": show(clientView.pre_booking_statement),
      "client-view:location_search_radius": show(clientView.location_search_radius),
      "client-view:kiosk/custom_message": show(clientView.kiosk.custom_message),
      "client-view:time_in_advance_minutes": show(clientView.time_in_advance_minutes),
      "client-view:time_to_cancel_minutes": show(clientView.time_to_cancel_minutes),
      "client-view:time_to_reschedule_minutes": show(clientView.time_to_reschedule_minutes),
      "booking:window_days": show(booking.window_days),
      "booking:staff_daily_limit": show(booking.staff_daily_limit),
      "booking:location_daily_capacity": show(booking.location_daily_capacity),
      "booking:off_site_travel_minutes": show(booking.off_site_travel_minutes),
      "booking:attendees_limit": show(booking.attendees_limit),
      "booking:reminder_minutes": booking.reminder_minutes.join(", "),
    },
  };
}

/** A number when the text is one, else the text itself (the server refuses it with a reason). */
const numberOr = (text: string): number => {
  const trimmed = text.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed))
    ? Number(trimmed)
    : (trimmed as unknown as number);
};
/** Empty means none. */
const optionalNumber = (text: string): number | null =>
  text.trim() === "" ? null : numberOr(text);
const optionalText = (text: string): string | null => (text.trim() === "" ? null : text.trim());

export function settingsOf(draft: SettingsDraft): {
  clientView: ClientViewSettings;
  booking: BookingSettings;
} {
  const text = (key: TextKey) => draft.text[key];
  return {
    clientView: {
      ...draft.clientView,
      custom_contact_heading: optionalText(text("client-view:custom_contact_heading")),
      custom_contact_message: optionalText(text("client-view:custom_contact_message")),
      disabled_title: optionalText(text("client-view:disabled_title")),
      disabled_description: optionalText(text("client-view:disabled_description")),
      privacy_policy_url: optionalText(text("client-view:privacy_policy_url")),
      terms_of_service_url: optionalText(text("client-view:terms_of_service_url")),
      pre_booking_statement: optionalText(text("client-view:pre_booking_statement")),
      location_search_radius: numberOr(text("client-view:location_search_radius")),
      kiosk: {
        ...draft.clientView.kiosk,
        custom_message: optionalText(text("client-view:kiosk/custom_message")),
      },
      time_in_advance_minutes: numberOr(text("client-view:time_in_advance_minutes")),
      time_to_cancel_minutes: numberOr(text("client-view:time_to_cancel_minutes")),
      time_to_reschedule_minutes: numberOr(text("client-view:time_to_reschedule_minutes")),
    },
    booking: {
      ...draft.booking,
      window_days: numberOr(text("booking:window_days")),
      staff_daily_limit: optionalNumber(text("booking:staff_daily_limit")),
      location_daily_capacity: optionalNumber(text("booking:location_daily_capacity")),
      off_site_travel_minutes: numberOr(text("booking:off_site_travel_minutes")),
      attendees_limit: numberOr(text("booking:attendees_limit")),
      reminder_minutes: text("booking:reminder_minutes")
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== "")
        .map(numberOr),
    },
  };
}
