// The back office's pages and the staff API, with every visitor path besides: office code imports
// `paths` from here, visitor code from ../paths.ts. Kept apart so that the entry chunk every visitor
// page loads carries none of the office's addresses (docs/PERFORMANCE.md, the bundle row).
import { type Query, segment, paths as visitorPaths, withQuery } from "../paths.ts";

/** The message log page's filters, as its address keeps them. */
export type MessageLogPageQuery = {
  location?: string;
  channel?: string;
  status?: string;
  direction?: string;
  q?: string;
};

/** The locations list page's search, filters, sort and page, as its address keeps them. */
export type AdminLocationsPageQuery = {
  q?: string;
  region?: string;
  sort?: string;
  archived?: string;
  page?: number;
};

/** GET /api/internal/v1/messages's query (src/shared/contracts/messages.ts). */
export type MessageLogApiQuery = {
  location_id?: string;
  channel?: string;
  status?: string;
  direction?: string;
  q?: string;
  before?: string;
  limit?: number;
};

/** The staff list page's filters, as its address keeps them. */
export type StaffPageQuery = {
  q?: string | undefined;
  location?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
};

/** The schedule page's location, first day, view and filters, as its address keeps them. */
export type SchedulePageQuery = {
  location?: string | undefined;
  date?: string | undefined;
  view?: "day" | "week" | undefined;
  staff?: string | undefined;
  cancelled?: "shown" | undefined;
  /** the day view's columns: staff (absent) or rooms */
  by?: "rooms" | undefined;
};

/** GET /api/internal/v1/availability's query (src/shared/contracts/schedule.ts). */
export type StaffAvailabilityApiQuery = {
  location_id: string;
  service_id: string;
  staff_id?: string | undefined;
  meeting_method?: string | undefined;
  attendees?: string | undefined;
  from: string;
  to: string;
  ignore_appointment_id?: string | undefined;
};

const officePages = {
  // The back office (staff): sign-in pages and the pages of the signed-in shell.
  /** `next` is where to go after signing in: a path of this app, never another site */
  signIn: (next?: string) => withQuery("/sign-in", { next }),
  forgotPassword: (email?: string) => withQuery("/forgot-password", { email }),
  resetPassword: (token?: string, invitation?: boolean) =>
    withQuery("/reset-password", { token, invite: invitation ? 1 : undefined }),
  lobby: (query?: { location?: string | number; service?: string }) => withQuery("/lobby", query),
  dashboard: () => "/dashboard",
  /** the staff's schedule of one location: a day or a week, its filters in the query */
  schedule: (query?: SchedulePageQuery) => withQuery("/schedule", query),
  /** one client's page (the clients pages) */
  client: (id: string | number) => `/clients/${segment(id)}`,
  /** the platform admin's failed background jobs (the dead-letter list) */
  jobs: () => "/jobs",
  /** the managers' message log; its filters live in the query string */
  messages: (query?: MessageLogPageQuery) => withQuery("/messages", query),
  /** the settings pages' index: every settings page the staff member may open */
  settings: () => "/settings",
  /** the vendor's feature flags (the settings page "Features") */
  features: () => "/manage-features",
  /** the vendor's own words for visitor-facing messages; language and search in the query */
  synonyms: (query?: { lang?: string | undefined; q?: string | undefined }) =>
    withQuery("/synonyms-management", query),
  /** the admins' API keys for integrators (docs/api-keys.md) */
  apiKeys: () => "/settings/api",
  /** the vendor's colours, font and logo on the visitor pages */
  brandingSettings: () => "/settings/branding/general",
  /** the admins' lobby and TV settings (what the boards show, the call order) */
  lobbySettings: () => "/settings/lobby",
  /** the managers' notification settings: templates and when messages go, per audience */
  notificationSettings: (audience: "client" | "staff" | "location") =>
    `/settings/notifications/${audience}`,
  /** the admins' client-view settings: what visitors see and are asked, and how they book */
  clientViewSettings: () => "/settings/client-view",
  /** staff administration: the list (filters in the query string), one person, where they work */
  staff: (query?: StaffPageQuery) => withQuery("/staff", query),
  staffMember: (id: string | number) => `/staff/${segment(id)}`,
  staffAssignments: (id: string | number) => `/staff/${segment(id)}/assignments/edit`,
  staffShifts: (id: string | number) => `/staff/${segment(id)}/shifts/edit`,
  /** the managers' opening hours and holidays: the landing picks a location */
  hours: (locationId?: string | number) =>
    locationId === undefined ? "/hours" : `/hours/${segment(locationId)}`,
  forbidden: () => "/forbidden",
  /** the admins' locations: the list (its search, filters, sort and page in the query) */
  adminLocations: (query?: AdminLocationsPageQuery) => withQuery("/locations", query),
  newLocation: () => "/locations/new",
  /** bulk onboarding by CSV: check a file, see its problems row by row, import it */
  importLocations: () => "/locations/import",
  importStaff: () => "/staff/import",
  /** one location's edit page */
  adminLocation: (id: string | number) => `/locations/${segment(id)}`,
  /** the admins' services: list with categories and order; a new one; one service's form */
  services: () => "/services",
  newService: () => "/services/new",
  service: (id: string | number) => `/services/${segment(id)}`,
  /** the admins' custom questions, and one question's editor ("new" for a new one) */
  /** staff groups: the list, a new one, one group's form (docs/admin-groups-rooms.md) */
  groups: () => "/groups",
  newGroup: () => "/groups/new",
  group: (id: string | number) => `/groups/${segment(id)}`,
  /** the visitor pages' announcements and notices (docs/cx-snippets.md) */
  cxSnippets: () => "/cx-snippets-management",
  /** rooms: the list (one location's with ?location=), a new one, one room's form */
  rooms: (query?: { location?: string | undefined }) => withQuery("/rooms", query),
  newRoom: (query?: { location?: string | undefined }) => withQuery("/rooms/new", query),
  room: (id: string | number) => `/rooms/${segment(id)}`,
  questions: () => "/services/questions",
  question: (id: string | number) => `/services/questions/${segment(id)}`,
  /** the first start of an empty install: the single-use setup link the server printed */
  setup: (token?: string) => withQuery("/setup", { token }),
  /** the platform admin's vendors: list and "Add vendor"; one vendor's form */
  vendors: () => "/vendors",
  vendor: (id: string | number) => `/vendors/${segment(id)}`,
  /** clients (docs/clients.md): the search (its term in the address), one client and its tabs */
  clients: (query?: { q?: string | undefined }) => withQuery("/clients", query),
  clientTab: (id: string | number, tab: ClientTab) => `/clients/${segment(id)}/${tab}`,
} as const;

/** The tabs of a client's page that are pages of their own. */
export type ClientTab = "appointments" | "walk-ins" | "timeline";

const internalApi = {
  /** the staff API (session cookie + the session's anti-forgery token) */
  internal: {
    session: () => "/api/internal/v1/session",
    sessions: () => "/api/internal/v1/sessions",
    me: () => "/api/internal/v1/me",
    passwordResets: () => "/api/internal/v1/password-resets",
    passwordReset: (token: string) => `/api/internal/v1/password-resets/${segment(token)}`,
    locationQueue: (locationId: string | number) =>
      `/api/internal/v1/locations/${segment(locationId)}/queue`,
    callNext: (locationId: string | number) =>
      `/api/internal/v1/locations/${segment(locationId)}/queue/next`,
    queueAppointment: (id: string | number) => `/api/internal/v1/queue-appointments/${segment(id)}`,
    queueAppointmentTransfer: (id: string | number) =>
      `/api/internal/v1/queue-appointments/${segment(id)}/transfer`,
    dashboard: () => "/api/internal/v1/dashboard",
    /** GET a location's days: who works when, rooms, services and booked appointments */
    schedule: (query: { location_id: string; date: string; days: "1" | "7" }) =>
      withQuery("/api/internal/v1/schedule", query),
    /** GET the free times staff may book (an appointment being moved does not hold its own) */
    staffAvailability: (query: StaffAvailabilityApiQuery) =>
      withQuery("/api/internal/v1/availability", query),
    /** POST: book on a client's behalf */
    appointments: () => "/api/internal/v1/appointments",
    /** GET or PATCH (If-Match) one booked appointment */
    appointment: (id: string | number) => `/api/internal/v1/appointments/${segment(id)}`,
    /** GET the clients matching a search (name, email or phone), best first */
    clientSearch: (search: string) => withQuery("/api/internal/v1/clients", { search }),
    /** the clients search (50 a page; the next by `page[cursor]`), one client, its merge and tabs */
    clients: (query?: { search?: string | undefined; cursor?: string | undefined }) =>
      withQuery("/api/internal/v1/clients", {
        search: query?.search,
        "page[cursor]": query?.cursor,
      }),
    client: (id: string | number) => `/api/internal/v1/clients/${segment(id)}`,
    clientMerge: (id: string | number) => `/api/internal/v1/clients/${segment(id)}/merge`,
    clientTab: (id: string | number, tab: ClientTab, cursor?: string) =>
      withQuery(`/api/internal/v1/clients/${segment(id)}/${tab}`, { "page[cursor]": cursor }),
    /** the message log, newest first; `before` is the previous page's next_cursor */
    messages: (query?: MessageLogApiQuery) => withQuery("/api/internal/v1/messages", query),
    /** one object's change history, newest first; `before` is the previous page's next_cursor */
    auditLog: (query: {
      subject_type: string;
      subject_id: string;
      before?: string;
      limit?: number;
    }) => withQuery("/api/internal/v1/audit-log", query),
    /** one visit's messages and the visitor's replies, oldest first */
    queueAppointmentMessages: (id: string | number) =>
      `/api/internal/v1/queue-appointments/${segment(id)}/messages`,
    /** durable jobs that failed every retry (platform admins) */
    deadJobs: () => "/api/internal/v1/jobs/dead",
    locationHours: (locationId: string | number) =>
      `/api/internal/v1/locations/${segment(locationId)}/hours`,
    locationHoursPreview: (locationId: string | number) =>
      `/api/internal/v1/locations/${segment(locationId)}/hours/preview`,
    locationAdjustments: (locationId: string | number) =>
      `/api/internal/v1/locations/${segment(locationId)}/adjustments`,
    locationAdjustment: (locationId: string | number, id: string | number) =>
      `/api/internal/v1/locations/${segment(locationId)}/adjustments/${segment(id)}`,
    /** POST: put a dead job back on its handler's queue; 404 when it is no longer dead */
    retryDeadJob: (id: string) => `/api/internal/v1/jobs/dead/${segment(id)}/retry`,
    /** GET a location's TV board link (a token is issued on first ask) */
    boardLink: (locationId: string | number) =>
      `/api/internal/v1/locations/${segment(locationId)}/board-link`,
    /** POST: a new board link; the old one stops working */
    rotateBoardLink: (locationId: string | number) =>
      `/api/internal/v1/locations/${segment(locationId)}/board-link/rotation`,
    /** GET the templates of an audience in a language (`location_id`: with the location's own) */
    notificationTemplates: (query: {
      audience: string;
      lang: string;
      location_id?: string | number | undefined;
    }) => withQuery("/api/internal/v1/notification-templates", query),
    /** PUT a template (checked), DELETE it to go back to the default (`location_id`: the location's) */
    notificationTemplate: (
      key: { kind: string; channel: string; lang: string },
      locationId?: string | number,
    ) =>
      withQuery(
        `/api/internal/v1/notification-templates/${segment(key.kind)}/${segment(key.channel)}/${segment(key.lang)}`,
        { location_id: locationId },
      ),
    /** GET the staff list (search, filters, pages); POST invites someone */
    staff: (query?: StaffPageQuery & { page?: number; limit?: number }) =>
      withQuery("/api/internal/v1/staff", {
        q: query?.q,
        location_id: query?.location,
        role_level: query?.role,
        status: query?.status,
        page: query?.page,
        limit: query?.limit,
      }),
    /** GET/PATCH one staff member */
    staffMember: (id: string | number) => `/api/internal/v1/staff/${segment(id)}`,
    /** PUT where they work (desks) and the services they serve */
    staffAssignments: (id: string | number) => `/api/internal/v1/staff/${segment(id)}/assignments`,
    /** PUT their weekly shifts and exceptions */
    staffShifts: (id: string | number) => `/api/internal/v1/staff/${segment(id)}/shifts`,
    /** POST: email them a password link */
    staffPasswordReset: (id: string | number) =>
      `/api/internal/v1/staff/${segment(id)}/password-reset`,
    /** GET the admins' services (`archived`: true, false, all), POST a new one */
    services: (query?: { archived?: "true" | "false" | "all" }) =>
      withQuery("/api/internal/v1/services", query),
    /** GET or PATCH one service */
    service: (id: string | number) => `/api/internal/v1/services/${segment(id)}`,
    /** PUT the services in their new order */
    servicesOrder: () => "/api/internal/v1/services/order",
    /** GET the service categories, POST a new one; PATCH one */
    serviceCategories: () => "/api/internal/v1/service-categories",
    serviceCategory: (id: string | number) => `/api/internal/v1/service-categories/${segment(id)}`,
    /** GET the custom questions (`archived`: true, false, all), POST a new one; GET/PATCH one */
    questions: (query?: { archived?: "true" | "false" | "all" }) =>
      withQuery("/api/internal/v1/questions", query),
    question: (id: string | number) => `/api/internal/v1/questions/${segment(id)}`,
    /** GET the staff groups (`archived`: true, false, all), POST a new one; GET/PATCH one */
    groups: (query?: { archived?: "true" | "false" | "all" }) =>
      withQuery("/api/internal/v1/groups", query),
    group: (id: string | number) => `/api/internal/v1/groups/${segment(id)}`,
    /** GET the rooms (of one location, `archived`: true, false, all), POST a new one; GET/PATCH one */
    rooms: (query?: { location_id?: string | undefined; archived?: "true" | "false" | "all" }) =>
      withQuery("/api/internal/v1/rooms", query),
    room: (id: string | number) => `/api/internal/v1/rooms/${segment(id)}`,
    /** GET the vendor's API keys, POST a new one (its token answered once) */
    apiKeys: () => "/api/internal/v1/api-keys",
    /** POST: revoke one API key */
    revokeApiKey: (id: string | number) => `/api/internal/v1/api-keys/${segment(id)}/revoke`,
    /** GET the visitor pages' snippets, POST a new one; GET/PATCH/DELETE one */
    cxSnippets: () => "/api/internal/v1/cx-snippets",
    cxSnippet: (id: string | number) => `/api/internal/v1/cx-snippets/${segment(id)}`,
    /** GET/PUT the vendor's branding (colours, font, weights) */
    branding: () => "/api/internal/v1/settings/branding",
    /** POST (the file as the body) / DELETE the vendor's logo */
    brandingLogo: () => "/api/internal/v1/settings/branding/logo",
    /** GET/PUT the vendor's notification settings */
    notificationSettings: () => "/api/internal/v1/notification-settings",
    /** GET/PUT one section of the vendor's settings (client-view, booking, …), If-Match */
    settingsSection: (section: string) => `/api/internal/v1/settings/${segment(section)}`,
    /** GET ?token= whether the setup link works; POST spends it on the first vendor */
    setup: (token?: string) => withQuery("/api/internal/v1/setup", { token }),
    /** the platform admins' vendors (GET list, POST a new one) */
    vendors: () => "/api/internal/v1/vendors",
    /** GET or PATCH one vendor (name, slug, host names), If-Match with its version */
    vendor: (id: string | number) => `/api/internal/v1/vendors/${segment(id)}`,
    /** GET/PUT a location's overrides of them */
    locationNotificationSettings: (locationId: string | number) =>
      `/api/internal/v1/locations/${segment(locationId)}/notification-settings`,
    /** GET the back office's list of locations, POST a new one */
    adminLocations: (query?: Query) => withQuery("/api/internal/v1/locations", query),
    /** GET one location as the back office edits it, PATCH it (If-Match) */
    adminLocation: (id: string | number) => `/api/internal/v1/locations/${segment(id)}`,
    /** POST a CSV file to check (dry_run) or import */
    csvImport: (kind: "locations" | "staff") => `/api/internal/v1/imports/${kind}`,
    /** GET every location or staff member as the CSV the import reads */
    csvExport: (kind: "locations" | "staff") => `/api/internal/v1/exports/${kind}.csv`,
  },
} as const;

export const paths = {
  ...visitorPaths,
  ...officePages,
  api: { ...visitorPaths.api, ...internalApi },
} as const;
