// The one table of who may do what in the back office (spec §6 names the roles, not their rights).
// The server enforces it on every internal route; the web only hides what the server would refuse.
import { ROLE_LEVELS, ROLES, type RoleLevel } from "../../shared/domain.ts";
import { PERMISSIONS, type Permission } from "../../shared/permissions.ts";

/**
 * A rule grants a permission to every role at or above `from`, plus the roles listed in `also`.
 * Kiosk (7) sits between contact centre (5) and staff (10) by number but is a device account, not a
 * person: a rule starting at 10 leaves both out, and each is added back by name where it belongs.
 */
export type PermissionRule = { from?: RoleLevel; also?: readonly RoleLevel[]; why: string };

const { contact_centre_staff: CC, kiosk: KIOSK } = ROLES;

export const PERMISSION_TABLE = {
  "account.self": {
    from: ROLES.contact_centre_staff,
    why: "Every signed-in account sees itself and can sign out.",
  },
  "kiosk.use": {
    from: ROLES.manager,
    also: [KIOSK],
    why: "A kiosk device runs the visitor kiosk locked to its location; managers set devices up.",
  },
  "queue.view": {
    from: ROLES.staff,
    also: [CC],
    why: "The lobby: who waits where. Contact centre agents see it to tell callers their wait.",
  },
  "queue.add_walkin": {
    from: ROLES.staff,
    also: [CC],
    why: "Add a visitor to a line; contact centre agents book callbacks for callers.",
  },
  "queue.cancel": {
    from: ROLES.staff,
    also: [CC],
    why: "Cancel a place on a caller's or visitor's request.",
  },
  "queue.serve": {
    from: ROLES.staff,
    why: "Call next, start, complete, no-show, return to queue. Contact centre agents do not serve a branch's line.",
  },
  "queue.set_meeting_link": {
    from: ROLES.staff,
    why: "Whoever serves a video callback gives it its meeting link and dial-in.",
  },
  "queue.edit": {
    from: ROLES.staff_plus,
    why: "Change another person's service, notes or assigned staff member.",
  },
  "queue.transfer": {
    from: ROLES.staff_advanced,
    why: "Move a waiting visitor to another service or location's line.",
  },
  "clients.view": {
    from: ROLES.staff,
    also: [CC],
    why: "Look a client up, with their appointments and timeline.",
  },
  "clients.manage": { from: ROLES.staff_plus, why: "Edit client records." },
  "conversations.use": {
    from: ROLES.staff,
    also: [CC],
    why: "Answer client conversations and chats.",
  },
  "schedule.view": {
    from: ROLES.staff,
    also: [CC],
    why: "The schedule of one's locations: who works when, and the booked appointments. Contact centre agents book for callers from it.",
  },
  "appointments.book": {
    from: ROLES.staff,
    also: [CC],
    why: "Book an appointment on a client's behalf, and move or cancel one at the client's request.",
  },
  "appointments.serve": {
    from: ROLES.staff,
    why: "Mark a booked client arrived, start, complete or no-show their appointment.",
  },
  "dashboard.view": { from: ROLES.staff, why: "The day's figures for one's locations." },
  "reports.view": {
    from: ROLES.staff_advanced,
    why: "Reports of one's locations: Staff Advanced are team leads.",
  },
  "reports.manage": { from: ROLES.manager, why: "Report templates." },
  "analytics.view": { from: ROLES.manager, why: "Insights and analytics across the vendor." },
  "analytics.manage": { from: ROLES.admin, why: "Who may see which analytics." },
  "staff.manage": {
    from: ROLES.manager,
    why: "Staff and their location assignments; staff groups to read.",
  },
  "groups.manage": {
    from: ROLES.admin,
    why: "Create, change and archive staff groups and choose their members.",
  },
  "hours.manage": { from: ROLES.manager, why: "Opening hours, holidays and rooms of locations." },
  "booking_shortcuts.manage": { from: ROLES.manager, why: "Booking shortcut links." },
  "tv_board.manage": {
    from: ROLES.manager,
    why: "The link of a location's lobby board (TV): a private location's board shows only through it.",
  },
  "locations.manage": { from: ROLES.admin, why: "Create, edit and remove locations." },
  "services.manage": { from: ROLES.admin, why: "Services, questions and categories." },
  "settings.manage": {
    from: ROLES.admin,
    why: "Vendor settings: branding, notifications, client view, integrations, synonyms.",
  },
  "messages.view": {
    from: ROLES.manager,
    why: "The message log: every email and SMS sent to or received from the vendor's visitors, with its status.",
  },
  "security.manage": {
    from: ROLES.admin,
    why: "Sign-in, IP allow lists, SSO and API credentials of the vendor.",
  },
  "platform.manage": {
    from: ROLES.platform_admin,
    why: "Vendors, feature flags, demo data and failed background jobs: the operator of the platform only.",
  },
} as const satisfies Record<Permission, PermissionRule>;

/** Roles at or above this level act on every location of their vendor; below it, on their own. */
export const VENDOR_WIDE_FROM: RoleLevel = ROLES.manager;

export function can(roleLevel: number, permission: Permission): boolean {
  const rule: PermissionRule = PERMISSION_TABLE[permission];
  if (!rule) return false;
  if (rule.also?.includes(roleLevel as RoleLevel)) return true;
  return rule.from !== undefined && roleLevel >= rule.from;
}

/** The roles that hold a permission, lowest first (for docs and tests). */
export function rolesWith(permission: Permission): RoleLevel[] {
  return ROLE_LEVELS.filter((level) => can(level, permission)).sort((a, b) => a - b);
}

/** Every permission a role holds, for GET /me so the web can hide what would be refused. */
export function permissionsOf(roleLevel: number): Permission[] {
  return PERMISSIONS.filter((permission) => can(roleLevel, permission));
}
