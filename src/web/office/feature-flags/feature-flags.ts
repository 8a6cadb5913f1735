// The vendor's feature flags as the features page shows them: in two groups, and for each whether
// it rests on the platform's contract (only a platform admin turns it on, src/server/settings/
// section-rules.ts) and whether any page or command reads it yet (docs/settings.md, "Features").
import type { FeatureFlags } from "../../../shared/vendor-settings.ts";

export type FeatureFlag = keyof FeatureFlags;

export type FlagInfo = {
  flag: FeatureFlag;
  /** only a platform admin may turn it on */
  platformOnly: boolean;
  /** no page or command reads it yet: the page says that turning it changes nothing */
  inUse: boolean;
};

/** What visitors can do and how they book: the vendor's own choices. */
export const VISITOR_FLAGS: readonly FlagInfo[] = [
  { flag: "callback_requests", platformOnly: false, inUse: true },
  { flag: "in_person_callbacks", platformOnly: false, inUse: true },
  { flag: "phone_callbacks", platformOnly: false, inUse: true },
  { flag: "video_meetings", platformOnly: false, inUse: true },
  { flag: "curbside_pickup", platformOnly: false, inUse: true },
  { flag: "notes_digit_validation", platformOnly: false, inUse: true },
  { flag: "appointment_booking_channel", platformOnly: false, inUse: true },
  { flag: "appointment_meeting_methods", platformOnly: false, inUse: true },
  { flag: "location_locking", platformOnly: false, inUse: true },
  { flag: "queue_appointment_feedback", platformOnly: false, inUse: true },
  { flag: "lobby", platformOnly: false, inUse: false },
];

/** Add-ons and pages that rest on the vendor's contract with the platform (spec §6 decision flags). */
export const PLATFORM_FLAGS: readonly FlagInfo[] = [
  { flag: "connect_lobby", platformOnly: true, inUse: false },
  { flag: "new_services_table", platformOnly: true, inUse: false },
  { flag: "activities_pages", platformOnly: true, inUse: false },
  { flag: "category_management", platformOnly: true, inUse: false },
  { flag: "role_based_access_control", platformOnly: true, inUse: false },
];
