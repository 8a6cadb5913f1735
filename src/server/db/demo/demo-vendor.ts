// The shape of a demo vendor's definition (plain data, keyed by readable names instead of ids),
// plus small builders that keep the definitions short: all-locale translations and weekly hours.
import type { Locale, QuestionType, RoleLevel } from "../../../shared/domain.ts";
import type {
  DayHours,
  locations,
  services,
  Translation,
  vendors,
  WeeklyHours,
} from "../schema.ts";

export type DemoLocation = Omit<typeof locations.$inferInsert, "vendorId" | "id" | "externalId"> & {
  /** also the demo's key for the location */
  externalId: string;
  /** keys of the services offered here */
  services: readonly string[];
  /** visitors already waiting when the demo starts (the private location has none) */
  waitingVisitors: number;
  /** completed visits in the days before `now`, so service durations can be learned */
  completedVisits: number;
};

export type DemoService = Omit<typeof services.$inferInsert, "vendorId" | "id"> & {
  key: string;
  /** whether visitors may also be served by phone or video (meeting methods 2 and 3) */
  remote: boolean;
};

export type DemoQuestion = {
  key: string;
  type: QuestionType;
  label: string;
  helpText: string | null;
  required: boolean;
  translations: Translation[];
  options: { text: string; translations: Translation[] }[];
  /** services the question is asked for; empty means every service */
  services: readonly string[];
  /** what a demo visitor answers to a text or textarea question */
  sampleAnswer?: string;
};

export type DemoStaff = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  roleLevel: RoleLevel;
  lang?: Locale;
  /** location external ids, with the desk or window the person sits at */
  locations: readonly { location: string; desk: string | null }[];
  /** service keys this person serves; omitted means every service */
  services?: readonly string[];
};

export type DemoGroup = {
  name: string;
  description: string | null;
  /** emails of the staff members in the group */
  members: readonly string[];
};

export type DemoRoom = {
  /** the location's external id */
  location: string;
  name: string;
  capacity: number;
  notes: string | null;
};

export type DemoVendor = {
  vendor: Omit<typeof vendors.$inferInsert, "id">;
  domains: readonly string[];
  locations: readonly DemoLocation[];
  services: readonly DemoService[];
  questions: readonly DemoQuestion[];
  staff: readonly DemoStaff[];
  /** staff groups, their members by email */
  groups?: readonly DemoGroup[];
  /** rooms, their location by external id */
  rooms?: readonly DemoRoom[];
  /** one staff member on a break that starts shortly after `now` */
  breakToday?: { email: string; location: string; startsInMinutes: number; minutes: number };
};

/** What the seed built of a definition: the ids of its rows, by the definition's keys. */
export type InsertedVendor = {
  vendorId: number;
  locations: Map<string, { id: number; definition: DemoLocation }>;
  services: Map<string, { id: number; definition: DemoService }>;
  questions: { id: number; definition: DemoQuestion; optionIds: number[] }[];
  staff: { id: number; definition: DemoStaff }[];
};

/** One translation row per locale for `field`; every demo text carries all eight. */
export function translationsOf(field: string, byLocale: Record<Locale, string>): Translation[] {
  return Object.entries(byLocale).map(([locale, content]) => ({ locale, field, content }));
}

type Span = readonly [open: string, closed: string];
/** One opening period, or a day's periods in order (a lunch closure: two). */
type Spans = Span | readonly Span[];

const isSpanList = (value: Spans): value is readonly Span[] => Array.isArray(value[0]);

/** Weekly hours from Monday–Friday hours plus exceptions; days not given are closed. */
export function weeklyHours(
  weekdays: Spans,
  days: Partial<Record<keyof WeeklyHours, Spans | null>> = {},
): WeeklyHours {
  const span = (value: Spans | null | undefined): DayHours =>
    value
      ? (isSpanList(value) ? value : [value]).map(([open, closed]) => ({ open, closed }))
      : null;
  return {
    monday: span(days.monday === undefined ? weekdays : days.monday),
    tuesday: span(days.tuesday === undefined ? weekdays : days.tuesday),
    wednesday: span(days.wednesday === undefined ? weekdays : days.wednesday),
    thursday: span(days.thursday === undefined ? weekdays : days.thursday),
    friday: span(days.friday === undefined ? weekdays : days.friday),
    saturday: span(days.saturday),
    sunday: span(days.sunday),
  };
}
