// Staff administration (docs/admin-staff.md): the staff list, inviting someone, their details,
// where they work and what they serve, their weekly shifts with exceptions. Under
// /api/internal/v1/staff; staff.manage (Manager and up), with a ceiling on the roles one may grant.
import { z } from "zod";
import { LOCALES, ROLE_LEVELS, WEEKDAYS } from "../domain.ts";
import { isStorableText } from "../queue/storable-text.ts";
import { MAX_ID, resourceIdValue } from "./resource-id.ts";

const INVALID = "Errors.invalid_value";
const REQUIRED = "Errors.required";

/** Text a person types: trimmed, 1..max characters, storable (no U+0000, no lone surrogate). */
const name = (max: number) =>
  z
    .string(INVALID)
    .max(max, INVALID)
    .refine(isStorableText, INVALID)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, REQUIRED);

const optionalText = (max: number) =>
  z
    .string(INVALID)
    .max(max, INVALID)
    .refine(isStorableText, INVALID)
    .transform((value) => value.trim() || null)
    .nullable();

export const STAFF_EMAIL_MAX = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const staffEmail = z
  .string(INVALID)
  .max(STAFF_EMAIL_MAX, "Office.staff.error.email_invalid")
  .refine(isStorableText, "Office.staff.error.email_invalid")
  .transform((value) => value.trim())
  .refine((value) => EMAIL.test(value), "Office.staff.error.email_invalid");

export const roleLevel = z
  .number(INVALID)
  .refine((level) => (ROLE_LEVELS as number[]).includes(level), INVALID);

const uiLanguage = z.enum(LOCALES, INVALID);

/** Languages spoken with visitors: BCP 47 tags ("en", "pa", "zh-Hant"), at most 20, no repeats. */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;
export const spokenLanguages = z
  .array(z.string(INVALID).max(35, INVALID).regex(LANGUAGE_TAG, INVALID), INVALID)
  .max(20, INVALID)
  .refine((tags) => new Set(tags).size === tags.length, "Office.staff.error.language_repeated");

export const DESK_MAX = 60;
export const assignedLocationInput = z
  .object({ location_id: resourceIdValue, desk: optionalText(DESK_MAX).optional() })
  .strict();

const locationsInput = z
  .array(assignedLocationInput, INVALID)
  .max(500, INVALID)
  .refine(
    (list) => new Set(list.map((l) => l.location_id)).size === list.length,
    "Office.staff.error.location_repeated",
  );

// --- documents ------------------------------------------------------------------------------

const assignedLocation = z.object({
  location_id: z.string(),
  name: z.string(),
  desk: z.string().nullable(),
});

/** "HH:MM", 00:00..24:00 (24:00 only as an end). */
const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const clock = z.string(INVALID).regex(CLOCK, "Office.staff.error.time_invalid");

export const shiftKind = z.enum(["shift", "break"], INVALID);

export const weeklyShiftInput = z
  .object({
    location_id: resourceIdValue,
    weekday: z.enum(WEEKDAYS, INVALID),
    kind: shiftKind,
    start: clock,
    end: clock,
  })
  .strict();

export const shiftIntervalInput = z.object({ kind: shiftKind, start: clock, end: clock }).strict();

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const shiftExceptionInput = z
  .object({
    location_id: resourceIdValue,
    date: z
      .string(INVALID)
      .regex(DATE, "Office.staff.error.date_invalid")
      .refine(validDate, "Office.staff.error.date_invalid"),
    intervals: z.array(shiftIntervalInput, INVALID).max(12, INVALID),
    note: optionalText(200).optional(),
  })
  .strict();

function validDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  if (y < 2000 || y > 2099) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const weeklyShift = z.object({
  location_id: z.string(),
  weekday: z.enum(WEEKDAYS),
  kind: z.enum(["shift", "break"]),
  start: z.string().describe("local time HH:MM"),
  end: z.string().describe("local time HH:MM; 24:00 is midnight at the end of the day"),
});
const shiftException = z.object({
  location_id: z.string(),
  date: z.string().describe("local date YYYY-MM-DD"),
  intervals: z.array(
    z.object({ kind: z.enum(["shift", "break"]), start: z.string(), end: z.string() }),
  ),
  note: z.string().nullable(),
});

export const staffShiftsSchema = z.object({
  weekly: z.array(weeklyShift),
  exceptions: z.array(shiftException).describe("dated days that replace the week; none: off"),
});

const staffAttributes = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_level: z.number(),
  lang: z.string().describe("the language of the back office and of emails to them"),
  languages: z.array(z.string()).describe("languages spoken with visitors"),
  active: z.boolean(),
  invitation_pending: z.boolean().describe("invited, no password set yet"),
  locations: z.array(assignedLocation),
  service_ids: z.array(z.string()).describe("the services they serve; empty: every service"),
  shifts: staffShiftsSchema,
  version: z.number(),
  created_at: z.string(),
});
export type StaffAttributes = z.output<typeof staffAttributes>;

const staffMeta = z.object({
  manageable: z.boolean().describe("whether the caller may change this staff member"),
  grantable_roles: z.array(z.number()).describe("the roles the caller may give them"),
});

export const staffDocumentSchema = z.object({
  data: z.object({ type: z.literal("staff"), id: z.string(), attributes: staffAttributes }),
  meta: staffMeta,
});
export type StaffDocument = z.output<typeof staffDocumentSchema>;

const staffListItem = z.object({
  type: z.literal("staff"),
  id: z.string(),
  attributes: staffAttributes.pick({
    email: true,
    first_name: true,
    last_name: true,
    role_level: true,
    lang: true,
    active: true,
    invitation_pending: true,
    locations: true,
  }),
});
export type StaffListItem = z.output<typeof staffListItem>;

export const staffListDocumentSchema = z.object({
  data: z.array(staffListItem),
  meta: z.object({
    total: z.number(),
    page: z.number(),
    limit: z.number(),
    grantable_roles: z.array(z.number()).describe("the roles the caller may give"),
  }),
});
export type StaffListDocument = z.output<typeof staffListDocumentSchema>;

export const STAFF_LIST_MAX_LIMIT = 100;
export const STAFF_LIST_DEFAULT_LIMIT = 25;

export const staffListQuerySchema = z
  .object({
    q: z
      .string()
      .max(100, INVALID)
      .refine(isStorableText, INVALID)
      .optional()
      .describe("part of a name or email"),
    location_id: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, INVALID)
      .refine((id) => Number(id) <= MAX_ID, INVALID)
      .optional(),
    role_level: z
      .string()
      .regex(/^\d{1,2}$/, INVALID)
      .refine((v) => (ROLE_LEVELS as number[]).includes(Number(v)), INVALID)
      .optional(),
    status: z.enum(["active", "deactivated", "all"], INVALID).default("active"),
    page: z.coerce.number(INVALID).int(INVALID).min(1, INVALID).max(100_000, INVALID).default(1),
    limit: z.coerce
      .number(INVALID)
      .int(INVALID)
      .min(1, INVALID)
      .max(STAFF_LIST_MAX_LIMIT, INVALID)
      .default(STAFF_LIST_DEFAULT_LIMIT),
    lang: z.string().max(20).optional().describe("the language of error details"),
  })
  .strict();
export type StaffListQuery = z.input<typeof staffListQuerySchema>;

// --- bodies -----------------------------------------------------------------------------------

export const staffInviteBodySchema = z
  .object({
    data: z
      .object({
        type: z.literal("staff", INVALID),
        attributes: z
          .object({
            email: staffEmail,
            first_name: name(100),
            last_name: name(100),
            role_level: roleLevel,
            lang: uiLanguage.default("en"),
            languages: spokenLanguages.default([]),
            locations: locationsInput.default([]),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type StaffInviteBody = z.input<typeof staffInviteBodySchema>;

export const staffPatchBodySchema = z
  .object({
    data: z
      .object({
        type: z.literal("staff", INVALID),
        id: z.string().max(12).optional(),
        attributes: z
          .object({
            first_name: name(100).optional(),
            last_name: name(100).optional(),
            role_level: roleLevel.optional(),
            lang: uiLanguage.optional(),
            languages: spokenLanguages.optional(),
            active: z.boolean(INVALID).optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type StaffPatchBody = z.input<typeof staffPatchBodySchema>;

export const staffAssignmentsBodySchema = z
  .object({
    data: z
      .object({
        type: z.literal("staff-assignments", INVALID),
        attributes: z
          .object({
            locations: locationsInput,
            service_ids: z
              .array(resourceIdValue, INVALID)
              .max(500, INVALID)
              .refine((ids) => new Set(ids).size === ids.length, INVALID),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type StaffAssignmentsBody = z.input<typeof staffAssignmentsBodySchema>;

export const staffShiftsBodySchema = z
  .object({
    data: z
      .object({
        type: z.literal("staff-shifts", INVALID),
        attributes: z
          .object({
            weekly: z.array(weeklyShiftInput, INVALID).max(200, INVALID),
            exceptions: z.array(shiftExceptionInput, INVALID).max(400, INVALID),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type StaffShiftsBody = z.input<typeof staffShiftsBodySchema>;

export const staffPasswordResetAnswerSchema = z.object({
  meta: z.object({
    sent: z
      .enum(["password_reset", "invitation"])
      .describe("an invitation again when they never set a password"),
  }),
});

/** "09:30" → 570; "24:00" → 1440. */
export function clockMinutes(value: string): number {
  const [h, m] = value.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** 570 → "09:30". */
export function minutesClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The roles a staff member may give (and the highest role of anyone they may change): Admin and up
 * up to their own level; Manager only below their own, so a manager never makes a manager or an
 * admin. Below Manager, none (they lack staff.manage).
 */
export function grantableRoles(actorLevel: number): number[] {
  if (actorLevel < 20) return [];
  return (ROLE_LEVELS as number[]).filter((level) =>
    actorLevel >= 30 ? level <= actorLevel : level < actorLevel,
  );
}
