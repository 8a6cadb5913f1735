// The back-office pages of spec §2 and the permission each needs, so the web shell shows a role only
// the pages it may open. A "*" stands for one path segment; a trailing "*" for any rest of the path.
import type { Permission } from "../../shared/permissions.ts";
import { can } from "./permission-table.ts";

export type BackOfficeRoute = {
  path: string;
  permission: Permission;
  /** the vendor flag the page also needs (spec §2, §6); the web checks it against vendor features */
  vendorFlag?: string;
};

export const BACK_OFFICE_ROUTES: readonly BackOfficeRoute[] = [
  { path: "/dashboard", permission: "dashboard.view" },
  { path: "/lobby", permission: "queue.view" },
  { path: "/clients", permission: "clients.view" },
  { path: "/clients/*", permission: "clients.view" },
  { path: "/clients/*/appointments", permission: "clients.view" },
  { path: "/clients/*/timeline", permission: "clients.view" },
  { path: "/clients/*/walk-ins", permission: "clients.view" },
  { path: "/clients/*/workflows", permission: "clients.view" },
  { path: "/conversations*", permission: "conversations.use" },
  { path: "/chats*", permission: "conversations.use" },
  { path: "/schedule", permission: "schedule.view" },
  { path: "/meetings/salesforce/*", permission: "schedule.view" },
  { path: "/reports", permission: "reports.view" },
  { path: "/report_templates", permission: "reports.manage" },
  { path: "/insights", permission: "analytics.view" },
  { path: "/analytics-lite", permission: "analytics.view" },
  { path: "/advanced_analytics", permission: "analytics.view" },
  { path: "/manage-analytics-roles", permission: "analytics.manage" },
  { path: "/staff", permission: "staff.manage" },
  { path: "/staff/*", permission: "staff.manage" },
  { path: "/staff/*/assignments/edit", permission: "staff.manage" },
  { path: "/staff/*/shifts/edit", permission: "staff.manage" },
  { path: "/groups", permission: "staff.manage" },
  { path: "/groups/new", permission: "groups.manage" },
  { path: "/groups/*", permission: "groups.manage" },
  { path: "/hours", permission: "hours.manage" },
  { path: "/hours/*", permission: "hours.manage" },
  { path: "/rooms", permission: "hours.manage" },
  { path: "/rooms/new", permission: "hours.manage" },
  { path: "/rooms/*", permission: "hours.manage" },
  { path: "/booking-shortcuts", permission: "booking_shortcuts.manage" },
  { path: "/booking-shortcuts/create", permission: "booking_shortcuts.manage" },
  { path: "/booking-shortcuts/edit/*", permission: "booking_shortcuts.manage" },
  { path: "/messages", permission: "messages.view" },
  { path: "/locations", permission: "locations.manage" },
  { path: "/locations/*", permission: "locations.manage" },
  // No vendor flag, unlike spec §2: docs/decisions/0018-services-page-without-flag.md.
  { path: "/services", permission: "services.manage" },
  { path: "/services/new", permission: "services.manage" },
  { path: "/services/questions", permission: "services.manage" },
  { path: "/services/questions/*", permission: "services.manage" },
  { path: "/services/*", permission: "services.manage" },
  { path: "/points", permission: "settings.manage" },
  { path: "/lines-of-business*", permission: "settings.manage" },
  { path: "/synonyms-management", permission: "settings.manage" },
  { path: "/cx-snippets-management", permission: "settings.manage" },
  { path: "/ip-management", permission: "security.manage" },
  { path: "/mtls-credentials", permission: "security.manage" },
  { path: "/manage-features", permission: "settings.manage" },
  { path: "/manage-features/create", permission: "platform.manage" },
  { path: "/manage-features/*/edit", permission: "platform.manage" },
  { path: "/seed-demo-data", permission: "platform.manage" },
  { path: "/jobs", permission: "platform.manage" },
  { path: "/vendors", permission: "platform.manage" },
  { path: "/vendors/*", permission: "platform.manage" },
  { path: "/forbidden", permission: "account.self" },
  // Settings pages (spec §2 "Settings pages"), all under /settings, and their index.
  { path: "/settings", permission: "settings.manage" },
  {
    path: "/settings/access/roles",
    permission: "staff.manage",
    vendorFlag: "role_based_access_control",
  },
  { path: "/settings/admin-view", permission: "settings.manage" },
  { path: "/settings/api", permission: "security.manage" },
  { path: "/settings/branding/general", permission: "settings.manage" },
  { path: "/settings/branding/email", permission: "settings.manage" },
  { path: "/settings/contact-centre", permission: "settings.manage" },
  { path: "/settings/coconut-connect", permission: "settings.manage" },
  { path: "/settings/conversations", permission: "settings.manage" },
  { path: "/settings/client-view", permission: "settings.manage" },
  { path: "/settings/lobby", permission: "settings.manage" },
  { path: "/settings/notifications/client", permission: "settings.manage" },
  { path: "/settings/notifications/staff", permission: "settings.manage" },
  { path: "/settings/notifications/location", permission: "settings.manage" },
  { path: "/settings/crm*", permission: "settings.manage" },
  { path: "/settings/sso", permission: "security.manage" },
  { path: "/settings/e-signatures", permission: "settings.manage" },
  { path: "/settings/integrations/*", permission: "settings.manage" },
  { path: "/settings/branch-locator", permission: "settings.manage" },
  {
    path: "/settings/categories",
    permission: "services.manage",
    vendorFlag: "new_category_management",
  },
  {
    path: "/settings/categories/create",
    permission: "services.manage",
    vendorFlag: "new_category_management",
  },
  {
    path: "/settings/categories/*/edit",
    permission: "services.manage",
    vendorFlag: "new_category_management",
  },
  { path: "/settings/data", permission: "settings.manage" },
  { path: "/settings/digital-banking/*", permission: "settings.manage" },
  { path: "/settings/exchange/*", permission: "settings.manage" },
  { path: "/settings/glia", permission: "settings.manage" },
  { path: "/settings/google-calendar/*", permission: "settings.manage" },
  { path: "/settings/microsoft-entra-id", permission: "security.manage" },
  { path: "/settings/reserve", permission: "settings.manage" },
  { path: "/settings/video-calls", permission: "settings.manage" },
  { path: "/settings/support", permission: "account.self" },
  { path: "/settings/webhooks", permission: "security.manage" },
];

/** The back-office pages a role may open, in the order above (the web builds its navigation from it). */
export function backOfficeRoutesFor(roleLevel: number): BackOfficeRoute[] {
  return BACK_OFFICE_ROUTES.filter((route) => can(roleLevel, route.permission));
}
