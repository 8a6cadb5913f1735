// Every message the product sends, by kind: who reads it (a visitor, a location's staff, a staff
// member about their own account), on which channels, and the named variables its template may
// use. The server renders and sends them (src/server/notifications/); the settings pages edit their
// templates per vendor, language and location and check variables against this list on save.

export const MESSAGE_CHANNELS = ["email", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Which settings page edits a kind: spec routes settings/notifications/client|staff|location. */
export type MessageAudience = "client" | "staff" | "location";

type KindSpec = {
  audience: MessageAudience;
  channels: readonly MessageChannel[];
  variables: readonly string[];
};

/**
 * What every visitor message may name. Of the line: `ahead` the people ahead of the visitor, as
 * their page counts them (docs/wait-time-engine.md, "People ahead"), `position` one more (1: next),
 * `wait` the estimate in words; `ticket` is the short ticket of the location's day ("A-042"; empty
 * for places made before tickets).
 */
const VISIT = [
  "first_name",
  "last_name",
  "vendor",
  "location",
  "location_address",
  "service",
  "manage_link",
  "ticket",
] as const;

/**
 * What every message about a booked appointment may name: `date` and `time` its start in the
 * location's zone and the client's language, `meeting_method` how it is held in words,
 * `location_address` where to go (the location, or the client's own address off site; empty for a
 * call), `staff_name` who serves it (empty when anyone may), `code` its confirmation code.
 */
const APPOINTMENT = [
  "first_name",
  "last_name",
  "vendor",
  "location",
  "location_address",
  "service",
  "date",
  "time",
  "staff_name",
  "meeting_method",
  "manage_link",
  "code",
] as const;

export const MESSAGE_KINDS = {
  /** joined: place in line, estimated wait, the location and its instructions, the manage link */
  joined: {
    audience: "client",
    channels: ["email", "sms"],
    variables: [...VISIT, "position", "ahead", "wait", "instructions"],
  },
  /** a curbside visitor joined: reply HERE when you arrive (SMS) */
  curbside_arrival_prompt: { audience: "client", channels: ["sms"], variables: [...VISIT] },
  /** once, when few enough people are ahead or the estimate is short enough */
  almost_turn: {
    audience: "client",
    channels: ["email", "sms"],
    variables: [...VISIT, "position", "ahead", "wait"],
  },
  /** called, in person: come to the desk */
  called_in_person: {
    audience: "client",
    channels: ["email", "sms"],
    variables: [...VISIT, "desk", "staff_name"],
  },
  /** called, phone callback: we are calling you now */
  called_phone: {
    audience: "client",
    channels: ["email", "sms"],
    variables: [...VISIT, "staff_name", "phone"],
  },
  /** called, video: the meeting link and dial-in */
  called_video: {
    audience: "client",
    channels: ["email", "sms"],
    variables: [...VISIT, "staff_name", "meeting_link", "dial_in", "dial_in_pin"],
  },
  /** called, curbside: we are bringing it out */
  called_curbside: {
    audience: "client",
    channels: ["email", "sms"],
    variables: [...VISIT, "staff_name"],
  },
  /** put back in the line by staff */
  returned: { audience: "client", channels: ["email", "sms"], variables: [...VISIT] },
  /** cancelled by staff (or by the visitor's CANCEL reply: cancel_confirmed) */
  cancelled: {
    audience: "client",
    channels: ["email", "sms"],
    variables: [...VISIT, "book_link"],
  },
  no_show: { audience: "client", channels: ["email", "sms"], variables: [...VISIT, "book_link"] },
  /** thanks, with the feedback link when the vendor collects feedback */
  completed: {
    audience: "client",
    channels: ["email", "sms"],
    variables: [...VISIT, "feedback_link"],
  },
  /** answer to a CANCEL reply */
  cancel_confirmed: {
    audience: "client",
    channels: ["sms"],
    variables: [...VISIT, "book_link"],
  },
  /** answer to HERE / ARRIVED */
  arrival_confirmed: { audience: "client", channels: ["sms"], variables: [...VISIT] },
  /** answer to HELP and to anything not understood */
  reply_help: { audience: "client", channels: ["sms"], variables: ["vendor", "location"] },
  /** answer to STOP, as carriers require: the last SMS until START */
  stop_confirmed: { audience: "client", channels: ["sms"], variables: ["vendor"] },
  /** answer to START */
  start_confirmed: { audience: "client", channels: ["sms"], variables: ["vendor"] },
  /** an appointment was booked: when, where, with whom; the email carries its calendar file */
  appointment_booked: { audience: "client", channels: ["email", "sms"], variables: APPOINTMENT },
  /** an appointment was moved: its new time; the email carries the updated calendar file */
  appointment_rescheduled: {
    audience: "client",
    channels: ["email", "sms"],
    variables: APPOINTMENT,
  },
  /** an appointment was cancelled; the email carries the calendar file that removes it */
  appointment_cancelled: {
    audience: "client",
    channels: ["email", "sms"],
    variables: [...APPOINTMENT, "book_link"],
  },
  /** before an appointment, at the times the vendor's booking.reminder_minutes name (24 h and 1 h) */
  appointment_reminder: { audience: "client", channels: ["email", "sms"], variables: APPOINTMENT },
  /** a staff member asked to reset their password */
  password_reset: {
    audience: "staff",
    channels: ["email"],
    variables: ["first_name", "vendor", "reset_link", "expires_minutes"],
  },
  /** a staff member was invited: set a password */
  invitation: {
    audience: "staff",
    channels: ["email"],
    variables: ["first_name", "vendor", "invite_link", "invited_by", "expires_days"],
  },
  /** repeated failed sign-ins on the account */
  sign_in_failures: {
    audience: "staff",
    channels: ["email"],
    variables: ["first_name", "vendor", "failures", "reset_link"],
  },
  /** a visitor has waited longer than the location's threshold: to its staff */
  long_wait_alert: {
    audience: "location",
    channels: ["email"],
    variables: ["first_name", "vendor", "location", "visitor_name", "waited_minutes", "lobby_link"],
  },
} as const satisfies Record<string, KindSpec>;

export type MessageKind = keyof typeof MESSAGE_KINDS;
export const MESSAGE_KIND_NAMES = Object.keys(MESSAGE_KINDS) as MessageKind[];

/** The kinds whose template can be written for a channel. */
export function kindsFor(channel: MessageChannel): MessageKind[] {
  return MESSAGE_KIND_NAMES.filter((kind) =>
    (MESSAGE_KINDS[kind].channels as readonly string[]).includes(channel),
  );
}

/** A message as its template makes it: a subject for email, the body for both. */
export type MessageTemplateText = { subject: string | null; body: string };
