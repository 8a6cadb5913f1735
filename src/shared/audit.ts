// What the back office's audit log records (src/server/audit/): the kinds of object whose changes are
// kept, and the permission that lets a staff member read an object's history — the one that lets
// them change it.
import type { Permission } from "./permissions.ts";

export const AUDIT_SUBJECTS = {
  location: "locations.manage",
  location_hours: "hours.manage",
  service: "services.manage",
  question: "services.manage",
  service_category: "services.manage",
  staff: "staff.manage",
  staff_group: "groups.manage",
  room: "hours.manage",
  vendor: "platform.manage",
  client: "clients.manage",
  appointment: "appointments.book",
  /** a settings page's section of the vendor's settings; subject id: the vendor */
  vendor_settings: "settings.manage",
  api_key: "security.manage",
  cx_snippet: "settings.manage",
} as const satisfies Record<string, Permission>;

export type AuditSubjectType = keyof typeof AUDIT_SUBJECTS;
export const AUDIT_SUBJECT_TYPES = Object.keys(AUDIT_SUBJECTS) as [
  AuditSubjectType,
  ...AuditSubjectType[],
];

export const AUDIT_ACTIONS = [
  "created",
  "updated",
  "archived",
  "restored",
  "invited",
  "deactivated",
  "reactivated",
  "imported",
  "deleted",
  "merged",
  "booked",
  "rescheduled",
  "cancelled",
  "arrived",
  "started",
  "completed",
  "no_show",
  "revoked",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
