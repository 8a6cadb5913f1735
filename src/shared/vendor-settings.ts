// The vendor's configuration (spec §1 theme, §3 vendor and client-view settings, §6 flags)
// as zod schemas with the spec's defaults; stored as JSON on the vendor row and parsed on read.

import { z } from "zod";
import { LOCALES } from "./domain.ts";
import { OWN_LOGO_PATH } from "./logo-path.ts";
import { notificationSettingsSchema } from "./notifications/settings.ts";

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #2979FF");
const fontWeight = z.number().int().min(100).max(900).multipleOf(100);

export const themeSchema = z
  .object({
    primary_colour: hexColour.default("#2979FF"),
    secondary_colour: hexColour.default("#263238"),
    font_family: z.string().min(1).max(100).default("Roboto"),
    font_weight_normal: fontWeight.default(400),
    font_weight_bold: fontWeight.default(500),
    /** an image elsewhere (http/https), or the path of the logo uploaded here (OWN_LOGO_PATH) */
    logo_url: z
      .union([z.string().regex(OWN_LOGO_PATH), z.string().url()])
      .nullable()
      .default(null),
  })
  .strict();
export type Theme = z.infer<typeof themeSchema>;

/** hidden / optional / required, per contact field (spec §5). */
export const contactRequirement = z.enum(["hidden", "optional", "required"]);
export type ContactRequirement = z.infer<typeof contactRequirement>;

export const callbackContactOptionsSchema = z
  .object({
    mobile_phone: contactRequirement.default("optional"),
    email: contactRequirement.default("optional"),
    sms_notifications: contactRequirement.default("optional"),
    notes: contactRequirement.default("optional"),
  })
  .strict();
export type CallbackContactOptions = z.infer<typeof callbackContactOptionsSchema>;

export const kioskOptionsSchema = z
  .object({
    appointment_booking: z.boolean().default(false),
    qr_code: z.boolean().default(true),
    preferred_language: z.boolean().default(true),
    preferred_staff: z.boolean().default(false),
    custom_message: z.string().max(2000, "Settings.error_text_2000").nullable().default(null),
    redirect_url: z.url("Settings.error_url").nullable().default(null),
    /**
     * What a lobby kiosk's form asks: "minimal" (the default) only the name and an optional mobile
     * number; "full" the client view's form (email, notes and the service's questions too).
     */
    form_fields: z.enum(["minimal", "full"]).default("minimal"),
    /** the kiosk's confirmation offers to print a ticket (the browser's print, a receipt layout) */
    print_ticket: z.boolean().default(false),
  })
  .strict();

export type KioskOptions = z.infer<typeof kioskOptionsSchema>;

/** Every client-view setting key of spec §3 "Vendor client-view settings". */
export const clientViewSettingsSchema = z
  .object({
    enabled: z.boolean().default(true),
    layout: z.enum(["old", "new"]).default("new"),
    available_languages: z
      .array(z.enum(LOCALES, "Settings.error_language"))
      .min(1, "Settings.error_languages_empty")
      .default([...LOCALES]),
    default_language: z.enum(LOCALES, "Settings.error_language").default("en"),
    custom_expired_shortcut_message: z.string().max(2000).nullable().default(null),
    callback_contact_options: callbackContactOptionsSchema.default(
      callbackContactOptionsSchema.parse({}),
    ),
    client_fields: z.array(z.string().max(64)).default([]),
    custom_contact_heading: z.string().max(200, "Settings.error_text_200").nullable().default(null),
    custom_contact_message: z
      .string()
      .max(2000, "Settings.error_text_2000")
      .nullable()
      .default(null),
    disabled_title: z.string().max(200, "Settings.error_text_200").nullable().default(null),
    disabled_description: z.string().max(2000, "Settings.error_text_2000").nullable().default(null),
    explicit_compliance_agreement: z.boolean().default(false),
    first_step: z.enum(["service", "location", "staff", "meeting_method"]).default("service"),
    hide_location_hours: z.boolean().default(false),
    homepage: z.url("Settings.error_url").nullable().default(null),
    include_location_step: z.boolean().default(true),
    join_line_from_client_view: z.boolean().default(true),
    kiosk: kioskOptionsSchema.default(kioskOptionsSchema.parse({})),
    location_search_radius: z
      .number("Settings.error_search_radius")
      .positive("Settings.error_search_radius")
      .max(20000, "Settings.error_search_radius")
      .default(50),
    /** HTML, stored sanitised (src/shared/rich-text/statement-html.ts) */
    pre_booking_statement: z
      .string()
      .max(20000, "Settings.error_statement_too_long")
      .nullable()
      .default(null),
    privacy_policy_url: z.url("Settings.error_url").nullable().default(null),
    terms_of_service_url: z.url("Settings.error_url").nullable().default(null),
    sms_notifications: z.boolean().default(true),
    service_step_layout: z.enum(["list", "grid"]).default("list"),
    show_callback_wait_time: z.boolean().default(true),
    staff_languages: z.boolean().default(false),
    staff_photos: z.boolean().default(false),
    staff_picker: z.boolean().default(false),
    staff_selection: z.boolean().default(false),
    show_wait_time: z.boolean().default(true),
    /** no appointment slot starts sooner than this many minutes from now (at most 30 days) */
    time_in_advance_minutes: z
      .number("Settings.error_time_in_advance")
      .int("Settings.error_time_in_advance")
      .min(0, "Settings.error_time_in_advance")
      .max(43_200, "Settings.error_time_in_advance")
      .default(60),
    time_to_cancel_minutes: z
      .number("Settings.error_minutes")
      .int("Settings.error_minutes")
      .min(0, "Settings.error_minutes")
      .default(0),
    time_to_reschedule_minutes: z
      .number("Settings.error_minutes")
      .int("Settings.error_minutes")
      .min(0, "Settings.error_minutes")
      .default(0),
    use_nearest_location: z.boolean().default(false),
    wait_list: z.boolean().default(false),
    walkin_questions: z.boolean().default(true),
  })
  .strict();
export type ClientViewSettings = z.infer<typeof clientViewSettingsSchema>;

/** Feature flags of spec §6 that touch the public side, plus the vendor decision flags. */
export const featureFlagsSchema = z
  .object({
    appointment_meeting_methods: z.boolean().default(true),
    video_meetings: z.boolean().default(true),
    phone_callbacks: z.boolean().default(true),
    in_person_callbacks: z.boolean().default(true),
    callback_requests: z.boolean().default(true),
    connect_lobby: z.boolean().default(false),
    curbside_pickup: z.boolean().default(true),
    lobby: z.boolean().default(true),
    notes_digit_validation: z.boolean().default(true),
    location_locking: z.boolean().default(false),
    appointment_booking_channel: z.boolean().default(true),
    queue_appointment_feedback: z.boolean().default(true),
    // vendor decision flags (spec §6)
    new_services_table: z.boolean().default(false),
    activities_pages: z.boolean().default(false),
    category_management: z.boolean().default(false),
    role_based_access_control: z.boolean().default(false),
  })
  .strict();
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** Message overrides per locale: { "es": { "CallbackService.notes_error": "…" } } (spec §5). */
export const synonymsSchema = z.partialRecord(
  z.enum(LOCALES),
  z.record(z.string(), z.string().max(2000)),
);

/**
 * What the public lobby board shows of a visitor (spec §1 "TV display"): the short ticket and the
 * first name with the last initial, the name alone, or the ticket alone (a room that must not see
 * names). A place made before tickets has no ticket: the board names it even under "ticket".
 */
export const BOARD_VISITOR_DISPLAYS = ["ticket_and_name", "name", "ticket"] as const;
export type BoardVisitorDisplay = (typeof BOARD_VISITOR_DISPLAYS)[number];

/**
 * Whom the lobby's "call next" takes: the visitor who came first, whatever their service
 * ("arrival"), or the first visitor of the service listed first (the services' order), in arrival
 * order within it ("service").
 */
export const LOBBY_CALL_ORDERS = ["arrival", "service"] as const;
export type LobbyCallOrder = (typeof LOBBY_CALL_ORDERS)[number];

/** The most visitors a board column names: more do not fit a TV legibly. */
export const BOARD_ROWS_MAX = 12;

/**
 * The lobby board (TV) of every location and the lobby's calling order (docs/settings.md, "Lobby
 * and TV"). The defaults are the product's behaviour before these settings existed.
 */
export const boardSettingsSchema = z
  .object({
    visitor_display: z
      .enum(BOARD_VISITOR_DISPLAYS, "Errors.invalid_value")
      .default("ticket_and_name"),
    /** how many visitors each column of the board (now serving, next up) names */
    rows: z
      .number("Settings.error_board_rows_range")
      .int("Settings.error_board_rows_range")
      .min(1, "Settings.error_board_rows_range")
      .max(BOARD_ROWS_MAX, "Settings.error_board_rows_range")
      .default(6),
    /** the board plays a chime when it shows a new call */
    chime: z.boolean("Errors.invalid_value").default(true),
    call_order: z.enum(LOBBY_CALL_ORDERS, "Errors.invalid_value").default("arrival"),
    /** a private location's board opens without its board link's token too */
    private_boards_public: z.boolean("Errors.invalid_value").default(false),
  })
  .strict();
export type BoardSettings = z.infer<typeof boardSettingsSchema>;

/**
 * How appointments may be booked (the availability engine, src/server/scheduling/): how far ahead,
 * how many a day, the travel kept around an off-site meeting and how many may come. How soon, and
 * until when one may cancel or reschedule, are client-view settings (spec §3).
 */
export const bookingSettingsSchema = z
  .object({
    /** how many days ahead one may book: no slot starts later than now plus these days */
    window_days: z
      .number("Settings.error_window_days")
      .int("Settings.error_window_days")
      .min(1, "Settings.error_window_days")
      .max(730, "Settings.error_window_days")
      .default(60),
    /** the most appointments one staff member has a local day; null: no limit */
    staff_daily_limit: z
      .number("Settings.error_staff_daily_limit")
      .int("Settings.error_staff_daily_limit")
      .min(1, "Settings.error_staff_daily_limit")
      .max(100, "Settings.error_staff_daily_limit")
      .nullable()
      .default(null),
    /** the most appointments one location has a local day; null: no limit */
    location_daily_capacity: z
      .number("Settings.error_location_daily_capacity")
      .int("Settings.error_location_daily_capacity")
      .min(1, "Settings.error_location_daily_capacity")
      .max(10_000, "Settings.error_location_daily_capacity")
      .nullable()
      .default(null),
    /** kept free before and after an off-site meeting, on top of the service's buffers */
    off_site_travel_minutes: z
      .number("Settings.error_travel_minutes")
      .int("Settings.error_travel_minutes")
      .min(0, "Settings.error_travel_minutes")
      .max(240, "Settings.error_travel_minutes")
      .default(30),
    /** the most people one booking may bring, the client included (1: no attendees step) */
    attendees_limit: z
      .number("Settings.error_attendees_limit")
      .int("Settings.error_attendees_limit")
      .min(1, "Settings.error_attendees_limit")
      .max(50, "Settings.error_attendees_limit")
      .default(1),
    /** when a client is reminded of their appointment, in minutes before it (at most 14 days) */
    reminder_minutes: z
      .array(
        z
          .number("Settings.error_reminder_minutes")
          .int("Settings.error_reminder_minutes")
          .min(5, "Settings.error_reminder_minutes")
          .max(20_160, "Settings.error_reminder_minutes"),
      )
      .max(3, "Settings.error_reminders_count")
      .default([24 * 60, 60]),
  })
  .strict();
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

export const vendorSettingsSchema = z
  .object({
    client_view: clientViewSettingsSchema.default(clientViewSettingsSchema.parse({})),
    features: featureFlagsSchema.default(featureFlagsSchema.parse({})),
    synonyms: synonymsSchema.default({}),
    callback_closed_location_info: z.boolean().default(true),
    schedule_interval: z.number().int().min(5).max(240).default(15),
    service_interval: z.number().int().min(5).max(240).default(15),
    social: z.record(z.string(), z.string().url()).default({}),
    /** Per-locale text that replaces the wait-time header on the confirmation page. */
    duration_text: z.partialRecord(z.enum(LOCALES), z.string().max(200)).default({}),
    /** Origins allowed to frame the embedded views (CSP frame-ancestors). */
    frame_ancestors: z.array(z.string().url()).default([]),
    /**
     * A called visitor who has not come this many minutes after their latest call is marked a
     * no-show by the minute's sweep (docs/queue-statuses.md, "Calling"); null: never (the default).
     */
    auto_no_show_minutes: z.number().int().min(1).max(240).nullable().default(null),
    /** The lobby board (TV) of every location. */
    board: boardSettingsSchema.default(boardSettingsSchema.parse({})),
    /** How appointments may be booked. */
    booking: bookingSettingsSchema.default(bookingSettingsSchema.parse({})),
    /** When visitors and staff are told things (src/shared/notifications/settings.ts). */
    notifications: notificationSettingsSchema.default(notificationSettingsSchema.parse({})),
  })
  .strict();
export type VendorSettings = z.infer<typeof vendorSettingsSchema>;

export function parseVendorSettings(value: unknown): VendorSettings {
  return vendorSettingsSchema.parse(value ?? {});
}

export function parseTheme(value: unknown): Theme {
  return themeSchema.parse(value ?? {});
}
