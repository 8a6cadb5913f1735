// The database schema (Drizzle). Every table carries vendor_id: tenancy is in the data, not bolted on.
// Instants are timestamptz; opening hours are local wall-clock times plus the location's time zone.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { BookedThrough, QuestionType, QueueStatus, Weekday } from "../../shared/domain.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => instant("created_at").notNull().defaultNow();
const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
const vendorRef = () =>
  integer("vendor_id")
    .notNull()
    .references(() => vendors.id, { onDelete: "cascade" });

/** A translated field: { locale, field, content } as spec §3 lists it. */
export type Translation = { locale: string; field: string; content: string };

/**
 * Local wall-clock opening hours, "HH:mm" 24-hour: a day is its sorted list of periods (a lunch
 * closure makes two), null for a closed day. Rows written before drizzle/0009 held one object.
 */
import type { DayHours, WeeklyHours } from "../../shared/opening-hours.ts";

export type { DayHours, WeeklyHours };
export type CarDetails = {
  make: string;
  model: string;
  colour: string;
  parking_space?: string | undefined;
};
export type DialIn = { e164: string; international: string; pin?: string | undefined };

export const vendors = pgTable("vendors", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  homepage: text("homepage"),
  currency: text("currency").notNull().default("USD"),
  privateLabel: boolean("private_label").notNull().default(false),
  showQueueAppointmentFeedback: boolean("show_queue_appointment_feedback").notNull().default(true),
  /** vendorSettingsSchema (src/shared/vendor-settings.ts) */
  settings: jsonb("settings").notNull().default({}),
  /** themeSchema */
  theme: jsonb("theme").notNull().default({}),
  /** Bumped by every change to name, slug or hosts; a save names the version it edited (If-Match), else 409. */
  version: integer("version").notNull().default(1),
  /**
   * Bumped by every save of a settings page (settings, theme): the If-Match of
   * PUT /settings/{section}, so two managers editing different pages never overwrite each other
   * unseen and the same page answers 409 to the later save.
   */
  settingsVersion: integer("settings_version").notNull().default(1),
  createdAt: createdAt(),
});

/** Host names (own domain or subdomain) that resolve to a vendor for public requests. */
export const vendorDomains = pgTable("vendor_domains", {
  host: text("host").primaryKey(),
  vendorId: vendorRef(),
});

export const locations = pgTable(
  "locations",
  {
    id: id(),
    vendorId: vendorRef(),
    externalId: text("external_id"),
    name: text("name").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    provState: text("prov_state").notNull().default(""),
    postalZip: text("postal_zip").notNull().default(""),
    /** ISO 3166-1 alpha-2 */
    country: text("country").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    phone: text("phone"),
    physical: boolean("physical").notNull().default(true),
    region: text("region"),
    mailingCode: text("mailing_code"),
    lang: text("lang"),
    googleReviewUrl: text("google_review_url"),
    sortOrder: integer("sort_order").notNull().default(0),
    timezone: text("timezone").notNull(),
    visibility: text("visibility", { enum: ["public", "private"] })
      .notNull()
      .default("public"),
    /**
     * The secret of the board link (`/tv/{id}?token=…`) that shows a private location's lobby
     * board; a public location's board needs none. Null until one is issued.
     */
    boardToken: text("board_token"),
    supportsCurbsidePickup: boolean("supports_curbside_pickup").notNull().default(false),
    supportsInPerson: boolean("supports_in_person").notNull().default(true),
    supportsPhone: boolean("supports_phone").notNull().default(true),
    supportsVideo: boolean("supports_video").notNull().default(true),
    instructions: text("instructions"),
    restrictCallbackRequestHours: boolean("restrict_callback_request_hours")
      .notNull()
      .default(false),
    hours: jsonb("hours").$type<WeeklyHours>().notNull(),
    /** locationNotificationSettingsSchema (src/shared/notifications/location-settings.ts) */
    notificationSettings: jsonb("notification_settings").notNull().default({}),
    translations: jsonb("translations").$type<Translation[]>().notNull().default([]),
    /** Bumped by every change; a save names the version it edited (If-Match), else 409. */
    version: integer("version").notNull().default(1),
    /** Set when archived: kept for history, gone from every list a visitor or staff member picks from. */
    archivedAt: instant("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("locations_vendor_idx").on(t.vendorId, t.sortOrder, t.name),
    uniqueIndex("locations_vendor_external_idx").on(t.vendorId, t.externalId),
  ],
);

/** Dated exceptions to weekly hours (holidays, special openings): spec "adjustment types". */
export const locationHourAdjustments = pgTable("location_hour_adjustments", {
  id: id(),
  vendorId: vendorRef(),
  locationId: integer("location_id")
    .notNull()
    .references(() => locations.id, { onDelete: "cascade" }),
  /** local date, YYYY-MM-DD */
  day: text("day").notNull(),
  hours: jsonb("hours").$type<DayHours>(),
  kind: text("kind", { enum: ["location", "holiday"] })
    .notNull()
    .default("holiday"),
  /** what the day is ("Christmas Day"); null when none was given */
  name: text("name"),
  /** true: applies every year on the month-day of `day` (from that year on); false: that date only */
  recursYearly: boolean("recurs_yearly").notNull().default(false),
  /** Bumped by every change; a save names the version it edited (If-Match), else 409. */
  version: integer("version").notNull().default(1),
  createdAt: instant("created_at").notNull().defaultNow(),
});

/** Groups of services (spec §3 serviceCategory), managed on the services page. */
export const serviceCategories = pgTable(
  "service_categories",
  {
    id: id(),
    vendorId: vendorRef(),
    name: text("name").notNull(),
    translations: jsonb("translations").$type<Translation[]>().notNull().default([]),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Bumped by every change; a save names the version it edited (If-Match), else 409. */
    version: integer("version").notNull().default(1),
    /** Set when archived: kept for history, no longer offered for new services. */
    archivedAt: instant("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [index("service_categories_vendor_idx").on(t.vendorId, t.sortOrder)],
);

export const services = pgTable(
  "services",
  {
    id: id(),
    vendorId: vendorRef(),
    name: text("name").notNull(),
    translations: jsonb("translations").$type<Translation[]>().notNull().default([]),
    categoryId: integer("category_id").references(() => serviceCategories.id, {
      onDelete: "set null",
    }),
    supportsCurbsidePickup: boolean("supports_curbside_pickup").notNull().default(false),
    supportsWalkin: boolean("supports_walkin").notNull().default(true),
    /** The meeting methods the service is offered by; a join needs the location's and the service's. */
    supportsInPerson: boolean("supports_in_person").notNull().default(true),
    supportsPhone: boolean("supports_phone").notNull().default(true),
    supportsVideo: boolean("supports_video").notNull().default(true),
    displayInLobby: boolean("display_in_lobby").notNull().default(true),
    instructions: text("instructions"),
    durationMinutes: integer("duration_minutes").notNull().default(15),
    /**
     * Time kept free of other appointments before and after each appointment of the service
     * (preparing, writing up), 0–240 minutes; a booking holds its staff member that much longer.
     */
    bufferBeforeMinutes: smallint("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: smallint("buffer_after_minutes").notNull().default(0),
    /** The letters before a visitor's short ticket ("A" in A-042): 1–3 of A–Z (decision 0022). */
    ticketPrefix: text("ticket_prefix").notNull().default("A"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Bumped by every change; a save names the version it edited (If-Match), else 409. */
    version: integer("version").notNull().default(1),
    /** Set when archived: kept for history, gone from every list a visitor or staff member picks from. */
    archivedAt: instant("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("services_ticket_prefix_check", sql`${t.ticketPrefix} ~ '^[A-Z]{1,3}$'`),
    check("services_buffer_before_check", sql`${t.bufferBeforeMinutes} between 0 and 240`),
    check("services_buffer_after_check", sql`${t.bufferAfterMinutes} between 0 and 240`),
  ],
);

/**
 * The last short ticket handed out per location, local day (in the location's zone) and prefix: a
 * join's statement takes the next numbers with one upsert per batch, whose row lock keeps two
 * statements from ever taking the same number (decision 0022).
 */
export const ticketCounters = pgTable(
  "ticket_counters",
  {
    vendorId: vendorRef(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    localDate: date("local_date", { mode: "string" }).notNull(),
    prefix: text("prefix").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.localDate, t.prefix] })],
);

/** Which services each location offers. */
export const locationServices = pgTable(
  "location_services",
  {
    vendorId: vendorRef(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.serviceId] })],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    vendorId: vendorRef(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash"),
    roleLevel: smallint("role_level").notNull(),
    lang: text("lang").notNull().default("en"),
    /** the languages the staff member speaks with visitors (BCP 47 tags), for routing and kiosks */
    languages: jsonb("languages").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    lockedUntil: instant("locked_until"),
    /** Bumped by every change; a save names the version it edited (If-Match), else 409. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_idx").on(sql`lower(${t.email})`),
    check("users_role_level_check", sql`${t.roleLevel} in (5, 7, 10, 13, 15, 20, 30, 50)`),
  ],
);

/** The locations a staff member works at (and a kiosk device is locked to). */
export const userLocations = pgTable(
  "user_locations",
  {
    vendorId: vendorRef(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    desk: text("desk"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] })],
);

/** Services a staff member can serve; a staff member with none listed serves every service. */
export const userServices = pgTable(
  "user_services",
  {
    vendorId: vendorRef(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceId] })],
);

/**
 * Staff groups (docs/admin-groups-rooms.md): named sets of a vendor's staff for routing and
 * reporting. Archived, never deleted; a name is taken once per vendor among current groups.
 */
export const staffGroups = pgTable(
  "staff_groups",
  {
    id: id(),
    vendorId: vendorRef(),
    name: text("name").notNull(),
    description: text("description"),
    /** Bumped by every change; a save names the version it edited (If-Match), else 409. */
    version: integer("version").notNull().default(1),
    /** Set when archived: kept for history and reports, no longer offered for routing. */
    archivedAt: instant("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_groups_current_name_idx")
      .on(t.vendorId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
  ],
);

/** Who belongs to each staff group. */
export const staffGroupMembers = pgTable(
  "staff_group_members",
  {
    vendorId: vendorRef(),
    groupId: integer("group_id")
      .notNull()
      .references(() => staffGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index("staff_group_members_user_idx").on(t.userId),
  ],
);

/**
 * Rooms of a location, with how many people each holds, for appointments
 * (docs/admin-groups-rooms.md). Archived, never deleted; a name is taken once per location among
 * current rooms.
 */
export const rooms = pgTable(
  "rooms",
  {
    id: id(),
    vendorId: vendorRef(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    capacity: integer("capacity").notNull(),
    notes: text("notes"),
    /** Bumped by every change; a save names the version it edited (If-Match), else 409. */
    version: integer("version").notNull().default(1),
    /** Set when archived: kept for the appointments that used it, no longer offered. */
    archivedAt: instant("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("rooms_vendor_location_idx").on(t.vendorId, t.locationId),
    uniqueIndex("rooms_current_name_idx")
      .on(t.locationId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check("rooms_capacity_check", sql`${t.capacity} between 1 and 500`),
  ],
);

/** Shifts and breaks: when a staff member is at a location serving (or on a break). */
export const staffShifts = pgTable(
  "staff_shifts",
  {
    id: id(),
    vendorId: vendorRef(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["shift", "break"] })
      .notNull()
      .default("shift"),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    /** made from the weekly pattern (src/server/staff/materialise-shifts.ts), remade when it changes */
    generated: boolean("generated").notNull().default(false),
  },
  (t) => [
    index("staff_shifts_location_idx").on(t.locationId, t.startsAt),
    index("staff_shifts_user_idx").on(t.userId, t.startsAt),
  ],
);

/**
 * A staff member's weekly working pattern per location: shifts and breaks as local wall-clock
 * minutes of a weekday. staff_shifts holds the instants it makes for the coming days.
 */
export const staffShiftPatterns = pgTable(
  "staff_shift_patterns",
  {
    id: id(),
    vendorId: vendorRef(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    weekday: text("weekday").$type<Weekday>().notNull(),
    kind: text("kind", { enum: ["shift", "break"] })
      .notNull()
      .default("shift"),
    /** local minutes since midnight; end up to 1440 */
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
  },
  (t) => [index("staff_shift_patterns_user_idx").on(t.userId, t.locationId)],
);

/** A dated day that replaces the weekly pattern at a location: other hours, or none (a day off). */
export const staffShiftExceptions = pgTable(
  "staff_shift_exceptions",
  {
    id: id(),
    vendorId: vendorRef(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    /** local date, YYYY-MM-DD */
    day: text("day").notNull(),
    /** that day's shifts and breaks in local minutes; empty: not working */
    intervals: jsonb("intervals")
      .$type<{ kind: "shift" | "break"; start: number; end: number }[]>()
      .notNull()
      .default([]),
    note: text("note"),
  },
  (t) => [uniqueIndex("staff_shift_exceptions_day_idx").on(t.userId, t.locationId, t.day)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie token; the token itself is never stored */
    id: text("id").primaryKey(),
    vendorId: vendorRef(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
    expiresAt: instant("expires_at").notNull(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = pgTable("password_reset_tokens", {
  /** sha256 of the token */
  id: text("id").primaryKey(),
  vendorId: vendorRef(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: instant("expires_at").notNull(),
  usedAt: instant("used_at"),
  createdAt: createdAt(),
});

/**
 * The single-use link that sets up the first vendor of an empty database (src/server/setup/): only
 * its sha256 is kept. It belongs to no vendor, since none exists yet; a new start replaces it.
 */
export const setupTokens = pgTable("setup_tokens", {
  /** sha256 of the token */
  id: text("id").primaryKey(),
  expiresAt: instant("expires_at").notNull(),
  usedAt: instant("used_at"),
  createdAt: createdAt(),
});

export const clients = pgTable(
  "clients",
  {
    id: id(),
    vendorId: vendorRef(),
    externalId: text("external_id"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    /** E.164 */
    cellPhone: text("cell_phone"),
    notes: text("notes"),
    lang: text("lang").notNull().default("en"),
    receiveSms: boolean("receive_sms").notNull().default(false),
    /** bumped by every staff edit: the If-Match of PATCH /clients/{id} */
    version: integer("version").notNull().default(1),
    /** set when staff merged this record into another: it is then read only through that one */
    mergedIntoId: integer("merged_into_id").references((): AnyPgColumn => clients.id),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("clients_vendor_idx").on(t.vendorId),
    // the staff's client search: by email, by phone, by name (prefix of the lower-cased name)
    index("clients_email_idx").on(t.vendorId, sql`lower(${t.email})`),
    index("clients_phone_idx").on(t.vendorId, t.cellPhone),
    index("clients_name_idx").on(t.vendorId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
  ],
);

export const queueAppointments = pgTable(
  "queue_appointments",
  {
    id: id(),
    vendorId: vendorRef(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id),
    /** the staff member serving or assigned */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<QueueStatus>().notNull().default("waiting"),
    bookedThrough: text("booked_through").$type<BookedThrough>().notNull().default("online_queue"),
    meetingMethod: smallint("meeting_method").notNull().default(1),
    fulfillmentMethod: smallint("fulfillment_method").notNull().default(1),
    carDetails: jsonb("car_details").$type<CarDetails>(),
    notes: text("notes"),
    workflowId: text("workflow_id"),
    confirmCode: text("confirm_code").notNull(),
    /** the short ticket called out in the room ("A-042"), per location, local day and prefix; null before tickets */
    ticket: text("ticket"),
    /** orders the line; "return to queue" moves a visitor by changing it */
    queuedAt: instant("queued_at").notNull().defaultNow(),
    expectedStart: instant("expected_start"),
    /** the wait quoted when the visitor joined, in seconds; null when no staff could serve */
    quotedWaitSeconds: integer("quoted_wait_seconds"),
    /** the wait actually experienced, set when the meeting starts */
    actualWaitSeconds: integer("actual_wait_seconds"),
    arrivedAt: instant("arrived_at"),
    /** set while a waiting visitor has been called to a desk (the first call; docs/queue-statuses.md) */
    calledAt: instant("called_at"),
    /** where the visitor was called to: the caller's desk or counter, when they had one */
    callDesk: text("call_desk"),
    /** how often staff called the visitor again, and when they last did */
    recallCount: integer("recall_count").notNull().default(0),
    recalledAt: instant("recalled_at"),
    startedAt: instant("started_at"),
    endedAt: instant("ended_at"),
    meetingLink: text("meeting_link"),
    dialIn: jsonb("dial_in").$type<DialIn>(),
    source: text("source"),
    tracking: jsonb("tracking").$type<Record<string, string>>().notNull().default({}),
    lang: text("lang").notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("queue_appointments_line_idx").on(t.locationId, t.status, t.queuedAt),
    index("queue_appointments_vendor_idx").on(t.vendorId, t.createdAt),
    uniqueIndex("queue_appointments_confirm_code_idx").on(t.confirmCode),
    check(
      "queue_appointments_status_check",
      sql`${t.status} in ('waiting', 'in_progress', 'completed', 'cancelled', 'no_show')`,
    ),
    check("queue_appointments_meeting_method_check", sql`${t.meetingMethod} in (1, 2, 3)`),
    check("queue_appointments_fulfillment_check", sql`${t.fulfillmentMethod} in (1, 2)`),
  ],
);

/** Every status change of a queue appointment, for reports, duration learning and audit. */
export const queueEvents = pgTable(
  "queue_events",
  {
    id: id(),
    vendorId: vendorRef(),
    queueAppointmentId: integer("queue_appointment_id")
      .notNull()
      .references(() => queueAppointments.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    at: instant("at").notNull().defaultNow(),
  },
  (t) => [index("queue_events_appointment_idx").on(t.queueAppointmentId)],
);

/**
 * The same Idempotency-Key within 24 h returns the same appointment — to the same caller on the
 * same route with the same body only. A key is bound to the vendor, the route (`open.join`,
 * `lobby.walk-in`), the caller (the visitor's CSRF session or the staff session's user) and a
 * hash of the body: another caller's key is another key, and the same key with another body is
 * refused.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    vendorId: vendorRef(),
    route: text("route").notNull(),
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    /** SHA-256 (hex) of the request body as the route received it */
    requestHash: text("request_hash").notNull(),
    queueAppointmentId: integer("queue_appointment_id")
      .notNull()
      .references(() => queueAppointments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.route, t.caller, t.key] })],
);

/** Booked appointments: they block staff lanes in the wait-time engine and slots in the availability engine. */
export const appointments = pgTable(
  "appointments",
  {
    id: id(),
    vendorId: vendorRef(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** the room an in-person appointment occupies; null for other meetings or a location without rooms */
    roomId: integer("room_id").references(() => rooms.id, { onDelete: "set null" }),
    clientId: integer("client_id").references(() => clients.id),
    /** spec §4 appointment status ids 1–6 */
    status: smallint("status").notNull().default(1),
    meetingMethod: smallint("meeting_method").notNull().default(1),
    bookedThrough: text("booked_through").$type<BookedThrough>().notNull().default("client_view"),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    /** set when the booking came from converting a queue place (spec §4 Convert) */
    convertedFromQueueAppointmentId: integer("converted_from_queue_appointment_id").references(
      () => queueAppointments.id,
    ),
    /** what the visitor's links and calendar file carry; with the id, it opens the appointment */
    confirmCode: text("confirm_code").notNull(),
    /** people coming, the client included: a room must hold them all */
    attendees: smallint("attendees").notNull().default(1),
    notes: text("notes"),
    /** an off-site meeting's address (meeting method 4) */
    destination: text("destination"),
    /** the client's language when booked: messages and the calendar file are in it */
    lang: text("lang").notNull().default("en"),
    /** bumped by every change: the calendar file's SEQUENCE is version - 1 */
    version: integer("version").notNull().default(1),
    cancelledAt: instant("cancelled_at"),
    /** the client checked in at the location (still confirmed: their meeting has not begun) */
    arrivedAt: instant("arrived_at"),
    /** status 5 in progress since */
    startedAt: instant("started_at"),
    /** status 2 completed, or 3 no-show, at */
    finishedAt: instant("finished_at"),
    /** the staff member who booked it on the client's behalf (null: the client booked) */
    bookedByUserId: integer("booked_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** a booking's Idempotency-Key, bound to its caller and the hash of its body (decision 0025) */
    idempotencyCaller: text("idempotency_caller"),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  // Two more constraints are in the migration (drizzle cannot declare them), decision 0025:
  // appointments_staff_no_overlap and appointments_room_no_overlap, EXCLUDE USING gist over the
  // staff member (or room) and tstzrange(starts_at, ends_at) of confirmed and in-progress ones.
  (t) => [
    index("appointments_location_idx").on(t.locationId, t.startsAt),
    uniqueIndex("appointments_idempotency_idx")
      .on(t.vendorId, t.idempotencyCaller, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("appointments_client_idx").on(t.clientId),
    // The reminder sweep reads the confirmed appointments of the coming days, every minute.
    index("appointments_upcoming_idx").on(t.startsAt).where(sql`${t.status} = 1`),
    check("appointments_attendees_check", sql`${t.attendees} between 1 and 50`),
    check("appointments_time_check", sql`${t.endsAt} > ${t.startsAt}`),
    // A staff member's appointments at every location hold them (the availability loader).
    index("appointments_user_idx").on(t.userId, t.startsAt),
    check("appointments_status_check", sql`${t.status} between 1 and 6`),
  ],
);

export const questions = pgTable("questions", {
  id: id(),
  vendorId: vendorRef(),
  type: text("type").$type<QuestionType>().notNull(),
  label: text("label").notNull(),
  helpText: text("help_text"),
  required: boolean("required").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
  translations: jsonb("translations").$type<Translation[]>().notNull().default([]),
  /** Bumped by every change; a save names the version it edited (If-Match), else 409. */
  version: integer("version").notNull().default(1),
  /** Set when archived: kept for history, gone from every list a visitor or staff member picks from. */
  archivedAt: instant("archived_at"),
  createdAt: createdAt(),
});

export const questionOptions = pgTable("question_options", {
  id: id(),
  vendorId: vendorRef(),
  questionId: integer("question_id")
    .notNull()
    .references(() => questions.id, { onDelete: "cascade" }),
  text: text("text").notNull(),
  translations: jsonb("translations").$type<Translation[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Set when removed from the question: no longer offered, kept so past answers still read. */
  archivedAt: instant("archived_at"),
});

/** Which services a question is asked for; a question with none is asked for every service. */
export const questionServices = pgTable(
  "question_services",
  {
    vendorId: vendorRef(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.serviceId] })],
);

export const answers = pgTable(
  "answers",
  {
    id: id(),
    vendorId: vendorRef(),
    queueAppointmentId: integer("queue_appointment_id")
      .notNull()
      .references(() => queueAppointments.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    /** text for text/textarea, an option id for radio/select, a list of option ids for checkbox */
    value: jsonb("value").$type<string | number | number[]>().notNull(),
  },
  (t) => [index("answers_appointment_idx").on(t.queueAppointmentId)],
);

/** The answers a visitor gave to the service's questions when booking an appointment. */
export const appointmentAnswers = pgTable(
  "appointment_answers",
  {
    id: id(),
    vendorId: vendorRef(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    /** text for text/textarea, an option id for radio/select, a list of option ids for checkbox */
    value: jsonb("value").$type<string | number | number[]>().notNull(),
  },
  (t) => [index("appointment_answers_appointment_idx").on(t.appointmentId)],
);

export const feedback = pgTable(
  "feedback",
  {
    id: id(),
    vendorId: vendorRef(),
    queueAppointmentId: integer("queue_appointment_id")
      .notNull()
      .references(() => queueAppointments.id, { onDelete: "cascade" })
      .unique(),
    /** rating × 2, so half stars stay integers: 0–10 */
    ratingHalves: smallint("rating_halves").notNull(),
    experience: text("experience"),
    createdAt: createdAt(),
  },
  (t) => [check("feedback_rating_check", sql`${t.ratingHalves} between 0 and 10`)],
);

/** Reserve-with-a-search-engine conversion tracking (spec §7). */
export const rwgConversions = pgTable("rwg_conversions", {
  id: id(),
  vendorId: vendorRef(),
  token: text("token").notNull(),
  merchantChanged: boolean("merchant_changed").notNull(),
  createdAt: createdAt(),
});

/** Page views and booking success/failure events sent by the web app (spec §7 analytics). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: id(),
    vendorId: vendorRef(),
    name: text("name").notNull(),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_vendor_idx").on(t.vendorId, t.createdAt)],
);

/**
 * The outbox of domain events: a command writes its events here in the transaction that makes the
 * change, so an event exists exactly when its change does. `id` is the sequence the dispatcher
 * hands events on in; a row is deleted once every handler has it, so the table holds only events
 * on their way, and a lease (`lease_until`) lets another node take over events a crashed node had
 * claimed. Every join writes a row here: it carries one index, and room on its pages
 * (fillfactor 70, in the migration) for the lease's update to stay in place.
 */
export const domainEvents = pgTable("domain_events", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  vendorId: vendorRef(),
  type: text("type").notNull(),
  aggregateType: text("aggregate_type").notNull(),
  aggregateId: bigint("aggregate_id", { mode: "number" }).notNull(),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
  occurredAt: instant("occurred_at").notNull().defaultNow(),
  leaseUntil: instant("lease_until"),
});

/**
 * Which durable handler has had its effect for which event: written in the handler's own
 * transaction, so a job retried after a crash finds the effect done and does not repeat it.
 */
export const handledEvents = pgTable(
  "handled_events",
  {
    handler: text("handler").notNull(),
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    handledAt: instant("handled_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.handler, t.eventId] })],
);

/**
 * Every message to or from a person: the emails and SMS the product sends (visitors' confirmations
 * and turns, staff's password resets and alerts) and the SMS replies it receives. The table is the
 * messages' own queue (src/server/notifications/message-sender.ts claims `queued` rows whose
 * `next_attempt_at` has come, `for update skip locked`) and their record: the status a manager
 * reads in the message log and on a visitor's details. `dedupe_key` makes a message once per cause
 * (an event and a kind, a visit and "almost your turn"): a handler run twice inserts nothing new.
 */
export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    vendorId: vendorRef(),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    queueAppointmentId: integer("queue_appointment_id").references(() => queueAppointments.id, {
      onDelete: "set null",
    }),
    /** a booked appointment the message is about: its email carries the appointment's calendar file */
    appointmentId: integer("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    /** a staff recipient (password reset, alerts) */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    direction: text("direction", { enum: ["outbound", "inbound"] }).notNull(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    /** a MESSAGE_KINDS name (src/shared/notifications/message-kinds.ts), or "reply" inbound */
    kind: text("kind").notNull(),
    /** an email address or an E.164 number: whom it goes to, or whom a reply came from */
    recipient: text("recipient").notNull(),
    lang: text("lang").notNull().default("en"),
    subject: text("subject"),
    /**
     * the text as sent (secrets such as reset links are replaced by a mark before storing); an
     * email's body is paragraphs, its `[label](url)` links shown as buttons in the HTML part
     */
    body: text("body").notNull(),
    status: text("status", {
      enum: ["queued", "held", "sending", "sent", "delivered", "failed", "suppressed", "received"],
    }).notNull(),
    /** why it failed or was suppressed, as the provider or the rule said */
    statusReason: text("status_reason"),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    dedupeKey: text("dedupe_key"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    /** while `sending`: until when the claiming node owns the attempt */
    leaseUntil: instant("lease_until"),
    createdAt: createdAt(),
    sentAt: instant("sent_at"),
    deliveredAt: instant("delivered_at"),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("messages_dedupe_idx").on(t.vendorId, t.dedupeKey),
    index("messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'held', 'sending')`),
    index("messages_vendor_idx").on(t.vendorId, t.createdAt),
    index("messages_visit_idx").on(t.queueAppointmentId),
    index("messages_appointment_idx").on(t.appointmentId),
    index("messages_recipient_idx").on(t.vendorId, t.recipient, t.createdAt),
    // Whose reply an inbound SMS is: the latest text sent to that number, whatever the vendor.
    index("messages_sms_recipient_idx")
      .on(t.recipient, t.createdAt)
      .where(sql`${t.direction} = 'outbound' and ${t.channel} = 'sms'`),
    index("messages_provider_idx").on(t.provider, t.providerMessageId),
  ],
);

/**
 * A vendor's own wording of a message, per kind, channel and language; a location may override
 * the vendor's (location_id set). Absent rows fall back to the vendor's, then to the defaults in
 * src/server/notifications/templates/.
 */
export const messageTemplates = pgTable(
  "message_templates",
  {
    id: id(),
    vendorId: vendorRef(),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    lang: text("lang").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("message_templates_key_idx").on(
      t.vendorId,
      sql`coalesce(${t.locationId}, 0)`,
      t.kind,
      t.channel,
      t.lang,
    ),
  ],
);

/**
 * Numbers that replied STOP to a vendor: no SMS from that vendor reaches them, on any visit, until
 * they reply START (which deletes the row).
 */
export const smsOptOuts = pgTable(
  "sms_opt_outs",
  {
    vendorId: vendorRef(),
    /** E.164 */
    phone: text("phone").notNull(),
    optedOutAt: instant("opted_out_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.phone] })],
);

/**
 * Who changed what in the back office, and how: one row per change of a location, its hours, a
 * service, a question or a staff member, with the object before and after (src/server/audit/).
 * Kept for the life of the vendor; read on the object's own page.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    vendorId: vendorRef(),
    /** null for a change the system made (an import, the setup link) */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** an AUDIT_SUBJECT_TYPES name (src/shared/audit.ts) */
    subjectType: text("subject_type").notNull(),
    subjectId: integer("subject_id").notNull(),
    /** created, updated, archived, restored, … */
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_subject_idx").on(t.vendorId, t.subjectType, t.subjectId, t.id)],
);

/**
 * API keys for integrators (settings/api): a vendor's key acts on the internal API with the
 * permissions it was given (within its creator's). The secret is shown once; only its SHA-256 is
 * kept (the secret is 256 random bits, so a fast hash is as safe as a slow one and costs a lookup
 * nothing). `prefix` is the key's public part, shown in lists and looked up first.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    vendorId: vendorRef(),
    name: text("name").notNull(),
    /** the token's public part ("nlk_" and 12 characters), unique, shown in lists */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole token, hex */
    secretHash: text("secret_hash").notNull(),
    /** Permission names (src/shared/permissions.ts) the key may use */
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    expiresAt: instant("expires_at"),
    lastUsedAt: instant("last_used_at"),
    revokedAt: instant("revoked_at"),
    revokedByUserId: integer("revoked_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    uniqueIndex("api_keys_prefix_idx").on(t.prefix),
    index("api_keys_vendor_idx").on(t.vendorId, t.id),
  ],
);

/**
 * Announcements and notices the vendor shows on its visitor pages (cx-snippets-management),
 * per language; GET /cx/snippets/api/v1/cx_snippets answers the ones in effect now in the
 * visitor's language. `content` is sanitised HTML per locale ({ "en": "<p>…</p>", … }).
 */
export const cxSnippets = pgTable(
  "cx_snippets",
  {
    id: id(),
    vendorId: vendorRef(),
    /** the manager's own name for it, never shown to visitors */
    name: text("name").notNull(),
    /** announcement (a banner atop the visitor pages) or notice (beside the form or step) */
    kind: text("kind", { enum: ["announcement", "notice"] }).notNull(),
    /** info, warning or success: the colour and icon it is shown with */
    tone: text("tone", { enum: ["info", "warning", "success"] })
      .notNull()
      .default("info"),
    content: jsonb("content").$type<Partial<Record<string, string>>>().notNull(),
    /** the location it is shown at; null: every location */
    locationId: integer("location_id").references(() => locations.id, { onDelete: "cascade" }),
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [index("cx_snippets_vendor_idx").on(t.vendorId, t.sortOrder, t.id)],
);

/** Raw bytes (PostgreSQL bytea): node-postgres answers a Buffer, PGlite a Uint8Array; both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The vendor's uploaded logo (settings/branding), one per vendor: the file itself, served publicly at
 * /assets/logos/{vendor id}/{sha256}.{ext}, an address that changes with the content so it is cached
 * for a year. theme.logo_url points at it.
 */
export const vendorLogos = pgTable("vendor_logos", {
  vendorId: integer("vendor_id")
    .primaryKey()
    .references(() => vendors.id, { onDelete: "cascade" }),
  contentType: text("content_type", { enum: ["image/png", "image/jpeg", "image/webp"] }).notNull(),
  bytes: bytea("bytes").notNull(),
  /** hex SHA-256 of bytes: the file name in the address */
  sha256: text("sha256").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});
