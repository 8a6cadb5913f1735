// The names of the back-office permissions (docs/permissions.md), as GET /me lists them. Who holds
// each is decided by the server's one permission table, which must give every name here a rule.

export const PERMISSIONS = [
  "account.self",
  "kiosk.use",
  "queue.view",
  "queue.add_walkin",
  "queue.cancel",
  "queue.serve",
  "queue.set_meeting_link",
  "queue.edit",
  "queue.transfer",
  "clients.view",
  "clients.manage",
  "conversations.use",
  "schedule.view",
  "appointments.book",
  "appointments.serve",
  "dashboard.view",
  "reports.view",
  "reports.manage",
  "analytics.view",
  "analytics.manage",
  "staff.manage",
  "groups.manage",
  "hours.manage",
  "booking_shortcuts.manage",
  "tv_board.manage",
  "locations.manage",
  "services.manage",
  "settings.manage",
  "messages.view",
  "security.manage",
  "platform.manage",
] as const;

export type Permission = (typeof PERMISSIONS)[number];
