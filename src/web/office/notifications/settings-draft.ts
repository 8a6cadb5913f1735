// The notification settings as a form holds them (text in inputs, on/off boxes for the optional
// ones) and back. Values are sent as typed: the server names what is out of range, in words.
import type { NotificationSettings } from "../../../shared/notifications/settings.ts";

export type SettingsDraft = {
  almost_turn_people: string;
  almost_turn_minutes: string;
  quietOn: boolean;
  quietStart: string;
  quietEnd: string;
  alertOn: boolean;
  alertMinutes: string;
  sms_per_number_per_hour: string;
};

export function draftOf(settings: NotificationSettings): SettingsDraft {
  return {
    almost_turn_people: String(settings.almost_turn_people),
    almost_turn_minutes: String(settings.almost_turn_minutes),
    quietOn: settings.quiet_hours !== null,
    quietStart: settings.quiet_hours?.start ?? "21:00",
    quietEnd: settings.quiet_hours?.end ?? "08:00",
    alertOn: settings.long_wait_alert_minutes !== null,
    alertMinutes: String(settings.long_wait_alert_minutes ?? 30),
    sms_per_number_per_hour: String(settings.sms_per_number_per_hour),
  };
}

/** A number when the text is one, else the text itself (the server refuses it with a reason). */
const numberOr = (text: string): number => {
  const trimmed = text.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed))
    ? Number(trimmed)
    : (trimmed as unknown as number);
};

export function settingsOf(draft: SettingsDraft): NotificationSettings {
  return {
    almost_turn_people: numberOr(draft.almost_turn_people),
    almost_turn_minutes: numberOr(draft.almost_turn_minutes),
    quiet_hours: draft.quietOn ? { start: draft.quietStart, end: draft.quietEnd } : null,
    long_wait_alert_minutes: draft.alertOn ? numberOr(draft.alertMinutes) : null,
    sms_per_number_per_hour: numberOr(draft.sms_per_number_per_hour),
  };
}
