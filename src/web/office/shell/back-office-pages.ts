// The back-office pages that exist, which of them a staff member may open (the back_office_routes
// of GET /me), where to land after signing in, and which `next` addresses are safe to follow.

import { ROLES } from "../../../shared/domain.ts";
import type { Me } from "../../api/office/me.ts";
import { paths as visitorPaths } from "../../paths.ts";
import { paths } from "../office-paths.ts";

export type OfficePage = {
  path: string;
  labelId: string;
  /** the page works on one location at a time, so the shell shows the location switcher */
  usesLocation: boolean;
  /** the link stands for every page under this path (its sibling pages, reached from its own tabs) */
  section?: string;
};

/** Only pages that exist are linked (issue 7): the rest of spec §2's routes come later. */
export const OFFICE_PAGES: readonly OfficePage[] = [
  { path: paths.lobby(), labelId: "Office.nav_lobby", usesLocation: true },
  { path: paths.schedule(), labelId: "Schedule.nav", usesLocation: true },
  {
    path: paths.clients(),
    labelId: "Office.nav_clients",
    usesLocation: false,
    section: "/clients",
  },
  { path: paths.dashboard(), labelId: "Office.nav_dashboard", usesLocation: false },
  { path: paths.messages(), labelId: "Office.nav_messages", usesLocation: false },
  { path: paths.jobs(), labelId: "Office.nav_jobs", usesLocation: false },
  { path: paths.staff(), labelId: "Office.nav_staff", usesLocation: false, section: "/staff" },
  {
    path: paths.vendors(),
    labelId: "Office.nav_vendors",
    usesLocation: false,
    section: "/vendors",
  },
  {
    path: paths.adminLocations(),
    labelId: "Office.nav_locations",
    usesLocation: false,
    section: "/locations",
  },
  { path: paths.hours(), labelId: "Office.nav_hours", usesLocation: false, section: "/hours" },
  {
    path: paths.services(),
    labelId: "Office.nav_services",
    usesLocation: false,
    section: "/services",
  },
  { path: paths.groups(), labelId: "Office.nav_groups", usesLocation: false, section: "/groups" },
  { path: paths.rooms(), labelId: "Office.nav_rooms", usesLocation: false, section: "/rooms" },
  {
    path: paths.settings(),
    labelId: "Office.nav_settings",
    usesLocation: false,
    section: "/settings",
  },
];

/**
 * Whether `pathname` fits a route pattern of docs/permissions.md: `*` stands for one segment, a
 * trailing `*` for any rest of the path.
 */
export function routeMatches(pattern: string, pathname: string): boolean {
  const rest = pattern.endsWith("*");
  const body = rest ? pattern.slice(0, -1) : pattern;
  const source = body
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/]+");
  return new RegExp(`^${source}${rest ? ".*" : ""}$`).test(pathname);
}

const normalise = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;

/** Whether the role may open the page; pages behind a vendor flag stay closed here. */
export function mayOpen(me: Pick<Me, "back_office_routes">, pathname: string): boolean {
  const path = normalise(pathname);
  return me.back_office_routes.some(
    (route) => route.vendor_flag === null && routeMatches(route.path, path),
  );
}

export function pagesFor(me: Pick<Me, "back_office_routes">): OfficePage[] {
  return OFFICE_PAGES.filter((page) => mayOpen(me, page.path));
}

/**
 * Where a signed-in account lands: a Kiosk account on the kiosk's welcome of its location (it has
 * no back-office page), anyone else on the first page their role may open, else the forbidden page.
 */
export function officeHome(me: Pick<Me, "back_office_routes" | "role" | "locations">): string {
  const kioskLocation = me.role.level === ROLES.kiosk ? me.locations[0] : undefined;
  if (kioskLocation) return visitorPaths.kioskReset({ location: kioskLocation.id });
  return pagesFor(me)[0]?.path ?? paths.forbidden();
}

/**
 * `next` when it is a path of this site ("/lobby?location=3"), else null: "//evil.example",
 * "https://…" and "/\\evil" would leave the site after signing in.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  try {
    const url = new URL(next, "http://same.invalid");
    return url.origin === "http://same.invalid" ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
