// One booking step's view of the flow: the address's choices checked against what can be chosen
// (a service this location does not offer is no choice), the steps this visitor is shown, and
// where this page goes instead — passed on when its step is left out (one choice: it is taken),
// sent back when an earlier step is unanswered. Every step page starts here.
import { useMemo } from "react";
import type { StaffMemberResource } from "../../api/booking/location-staff.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import type { VendorResource } from "../../api/vendor.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { useLocation, useSearchParams } from "../../routing/routing.tsx";
import { bookingMethods, effectiveMethod } from "./booking-methods.ts";
import { bookingPaths } from "./booking-paths.ts";
import {
  ANY_STAFF,
  type BookingContext,
  type BookingMethod,
  type BookingSelection,
  queryObject,
  readBookingContext,
  readBookingSelection,
  withSelection,
} from "./booking-query.ts";
import {
  type BookingStep,
  missingBefore,
  nextStep,
  planSteps,
  previousStep,
  STEP_PATHS,
  type StepPlan,
  shows,
  stepSettings,
} from "./booking-steps.ts";
import { useBookingCatalog } from "./use-booking-catalog.ts";

/** The most people one booking may bring (the vendor's `booking.attendees_limit`; 1: no step). */
export function attendeesLimit(vendor: VendorResource["attributes"] | null): number {
  return Math.max(1, vendor?.booking?.attendees_limit ?? 1);
}

export type UnavailableReason = "off" | "kiosk";

export type ReadyFlow = {
  status: "ready";
  search: URLSearchParams;
  /** the choices so far, checked, with the ones a single option makes */
  selection: BookingSelection;
  context: BookingContext;
  plan: StepPlan;
  /** the public locations the visitor may choose (those offering the service, when it is known) */
  locations: LocationResource[];
  location: LocationResource | null;
  /** the services to choose from: the location's, or every location's when none is chosen */
  services: ServiceOption[];
  service: ServiceOption | null;
  staff: StaffMemberResource[] | null;
  /** how the appointment may be held, once service and location are known */
  methods: BookingMethod[];
  method: BookingMethod | null;
  /** a step's address with the choices so far and `change` */
  hrefTo: (step: BookingStep, change?: Partial<BookingSelection>) => string;
  /** where this step continues to once `change` is made */
  continueTo: (change: Partial<BookingSelection>) => string;
  /** the step before, or the kiosk's start; null on the first step */
  back: string | null;
};

export type BookingFlow =
  | { status: "unavailable"; reason: UnavailableReason }
  | { status: "loading" }
  | { status: "failed"; retry: () => void }
  | { status: "redirect"; to: string }
  | ReadyFlow;

const offeredAt = (
  services: readonly ServiceOption[],
  location: LocationResource,
  features: Parameters<typeof bookingMethods>[0],
) =>
  services.filter((service) => bookingMethods(features, location.attributes, service).length > 0);

export function useBookingFlow(current: BookingStep): BookingFlow {
  const vendor = useCurrentVendor().attributes;
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const asked = useMemo(() => readBookingSelection(search), [search]);
  const context = useMemo(() => readBookingContext(search), [search]);
  const vendorSettings = stepSettings(
    vendor?.client_view ?? {
      first_step: "service",
      include_location_step: true,
      staff_selection: false,
    },
    attendeesLimit(vendor),
  );
  const catalog = useBookingCatalog({
    locationId: asked.locationId,
    serviceId: asked.serviceId,
    serviceFirst: vendorSettings.firstStep === "service",
    locationFixed: context.kiosk || context.reschedule !== null,
    staffSelection: vendorSettings.staffSelection,
  });

  if (!vendor || (!context.reschedule && !vendor.features.appointment_booking_channel))
    return { status: "unavailable", reason: "off" };
  if (context.kiosk && !context.reschedule && !vendor.client_view.kiosk.appointment_booking)
    return { status: "unavailable", reason: "kiosk" };
  if (!context.kiosk && !vendor.client_view.enabled)
    return { status: "unavailable", reason: "off" };
  if (
    catalog.locationsPending ||
    catalog.locationPending ||
    catalog.servicesPending ||
    catalog.staffPending
  )
    return { status: "loading" };
  if (catalog.locationsFailed || catalog.servicesFailed)
    return { status: "failed", retry: () => void catalog.retryLocations() };

  const features = vendor.features;
  const fixed = context.kiosk || context.reschedule !== null;
  // Too many locations to read every one's services: the location is asked first.
  const settings =
    vendorSettings.firstStep === "service" && !fixed && !catalog.serviceFirst
      ? { ...vendorSettings, firstStep: "location" as const }
      : vendorSettings;
  // The location: the address's, if it can be booked (a kiosk's and a moved appointment's always).
  const located = catalog.location;
  const chosenServices =
    located && catalog.servicesByLocation.get(located.id)
      ? offeredAt(catalog.servicesByLocation.get(located.id) ?? [], located, features)
      : null;
  // Service first, before a location: every service some location offers, each once.
  const everyService = new Map<string, ServiceOption>();
  const offering = new Map<string, Set<string>>();
  for (const location of catalog.serviceFirst ? (catalog.locations ?? []) : []) {
    for (const service of offeredAt(
      catalog.servicesByLocation.get(location.id) ?? [],
      location,
      features,
    )) {
      if (!everyService.has(service.id)) everyService.set(service.id, service);
      offering.set(location.id, (offering.get(location.id) ?? new Set()).add(service.id));
    }
  }
  const serviceFirstAsked =
    catalog.serviceFirst && asked.serviceId !== null && everyService.has(asked.serviceId);
  const locations = (catalog.locations ?? []).filter(
    (location) =>
      location.attributes.visibility === "public" &&
      (!serviceFirstAsked || offering.get(location.id)?.has(asked.serviceId ?? "")),
  );
  const locationId =
    located && (fixed || locations.some((location) => location.id === located.id))
      ? located.id
      : fixed
        ? asked.locationId
        : null;
  const services = (locationId ? chosenServices : null) ?? [...everyService.values()];
  const servicesKnown = (locationId ? chosenServices : null) !== null || catalog.serviceFirst;
  const serviceId =
    asked.serviceId && (!servicesKnown || services.some((s) => s.id === asked.serviceId))
      ? asked.serviceId
      : null;
  const staffId =
    asked.staff === ANY_STAFF ||
    (asked.staff !== null &&
      (catalog.staff === null || catalog.staff.some((member) => member.id === asked.staff)))
      ? asked.staff
      : null;

  const facts = {
    services: servicesKnown ? services.length : null,
    locations: fixed ? null : locations.length,
    staff: catalog.staff && locationId && serviceId ? catalog.staff.length : null,
  };
  // A step with one choice is no question: the choice is made.
  const selection: BookingSelection = {
    ...asked,
    locationId: locationId ?? (facts.locations === 1 ? (locations[0]?.id ?? null) : null),
    serviceId: serviceId ?? (facts.services === 1 ? (services[0]?.id ?? null) : null),
    staff: staffId,
  };
  const location =
    located && located.id === selection.locationId
      ? located
      : (locations.find((l) => l.id === selection.locationId) ?? null);
  const service = services.find((s) => s.id === selection.serviceId) ?? null;
  const methods = location && service ? bookingMethods(features, location.attributes, service) : [];
  const plan = planSteps(settings, facts, selection, context);

  // What the address must change to say the checked choices.
  const corrections: Partial<BookingSelection> = {};
  for (const key of ["serviceId", "locationId", "staff"] as const)
    if (selection[key] !== asked[key]) corrections[key] = selection[key];
  const hrefTo = (step: BookingStep, change: Partial<BookingSelection> = {}) =>
    bookingPaths.step(
      STEP_PATHS[step],
      queryObject(withSelection(search, { ...corrections, ...change })),
    );
  const continueTo = (change: Partial<BookingSelection>) => {
    const after = readBookingSelection(withSelection(search, { ...corrections, ...change }));
    return hrefTo(nextStep(plan, current, after), change);
  };

  if (!shows(plan, current))
    return { status: "redirect", to: hrefTo(nextStep(plan, current, selection)) };
  const missing = missingBefore(plan, current, selection);
  if (missing) return { status: "redirect", to: hrefTo(missing) };
  // The address says the checked choices before the page shows (so the data they need loads).
  if (Object.keys(corrections).length > 0)
    return {
      status: "redirect",
      to: `${pathname}?${withSelection(search, corrections).toString()}`,
    };

  const previous = previousStep(plan, current);
  const back = previous
    ? hrefTo(previous)
    : context.kiosk && selection.locationId
      ? paths.kioskReset({
          location: selection.locationId,
          lang: search.get("lang") ?? undefined,
          use_new_kiosk: search.get("use_new_kiosk") ?? undefined,
        })
      : null;
  return {
    status: "ready",
    search,
    selection,
    context,
    plan,
    locations,
    location,
    services,
    service,
    staff: catalog.staff,
    methods,
    method: effectiveMethod(selection.meetingMethod, methods),
    hrefTo,
    continueTo,
    back,
  };
}
