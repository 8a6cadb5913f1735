// Domain constants of spec §4 and §6, shared by server and web so both name things alike.

export const LOCALES = ["en", "es", "fr", "ko", "pl", "pt-BR", "ru", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Queue statuses as the API names them (spec §4 "Queue bookings use named statuses"). */
export const QUEUE_STATUSES = [
  "waiting",
  "in_progress",
  "completed",
  "cancelled",
  "no_show",
] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
export const FINAL_QUEUE_STATUSES: readonly QueueStatus[] = ["completed", "cancelled", "no_show"];

/** Booked appointment statuses (spec §4): id → name, and whether the status is final. */
export const APPOINTMENT_STATUSES = {
  1: { name: "confirmed", final: true },
  2: { name: "completed", final: true },
  3: { name: "no_show", final: true },
  4: { name: "cancelled", final: true },
  5: { name: "in_progress", final: false },
  6: { name: "served", final: false },
} as const;
export type AppointmentStatusId = keyof typeof APPOINTMENT_STATUSES;

/** Queue meeting methods (spec §4): 1 online queue / in person, 2 phone, 3 video. */
export const MEETING_METHODS = { in_person: 1, phone: 2, video: 3 } as const;
export type MeetingMethod = (typeof MEETING_METHODS)[keyof typeof MEETING_METHODS];
/** Booking meeting methods add 4, off site. */
export const BOOKING_MEETING_METHODS = { in_person: 1, phone: 2, video: 3, off_site: 4 } as const;

export const FULFILLMENT_METHODS = { walk_in: 1, curbside: 2 } as const;
export type FulfillmentMethod = (typeof FULFILLMENT_METHODS)[keyof typeof FULFILLMENT_METHODS];

export const BOOKED_THROUGH = [
  "unknown",
  "device",
  "client_view",
  "schedule",
  "wait_list",
  "api",
  "call_centre",
  "console",
  "modern_client_view",
  "reserve_with_google",
  "lobby",
  "online_queue",
  "dynamics",
  "digital_banking_platform",
  "salesforce",
  "kiosk",
  "kiosk_qr",
] as const;
export type BookedThrough = (typeof BOOKED_THROUGH)[number];

/** Channel ids of spec §4. */
export const CHANNEL_IDS = { online_queue: 13, kiosk: 14, tv: 15, kiosk_qr: 20 } as const;

/** Staff role levels of spec §6. */
export const ROLES = {
  contact_centre_staff: 5,
  kiosk: 7,
  staff: 10,
  staff_plus: 13,
  staff_advanced: 15,
  manager: 20,
  admin: 30,
  platform_admin: 50,
} as const;
export type RoleName = keyof typeof ROLES;
export type RoleLevel = (typeof ROLES)[RoleName];
export const ROLE_LEVELS = Object.values(ROLES) as RoleLevel[];

export const QUESTION_TYPES = ["checkbox", "radio", "select", "text", "textarea"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Weekdays in ISO order (Monday first); hours are keyed by these. */
export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
