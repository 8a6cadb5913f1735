// Which booking steps a visitor goes through, in which order (spec §2 client booking steps, §3
// client-view settings): service or location first, the location step left out where the vendor
// says so, the staff step only when the vendor lets visitors choose, the attendees step only when
// more than one may come (before the times, which depend on the head count: a room must hold
// everyone), and any step with a single choice passed over. Going forward leads to the
// next step still unanswered; going back to the step before, answered or not. Pure, so the rules
// are tested without a page.
import type { ClientViewSettings } from "../../../shared/vendor-settings.ts";
import type { BookingStepPath } from "./booking-paths.ts";
import type { BookingContext, BookingSelection } from "./booking-query.ts";

export type BookingStep = "service" | "location" | "staff" | "timeslot" | "attendees" | "details";

export const STEP_PATHS: Record<BookingStep, BookingStepPath> = {
  service: "select-service",
  location: "select-location",
  staff: "select-staff",
  timeslot: "select-timeslot",
  attendees: "select-attendees",
  details: "attendee-details",
};

export type StepSettings = {
  firstStep: "service" | "location";
  includeLocationStep: boolean;
  staffSelection: boolean;
  /** the most people one booking may bring (1: the attendees step never shows) */
  attendeesLimit: number;
};

/**
 * The vendor's settings as the steps read them. A first step of "staff" or "meeting_method" starts
 * with the service: no open endpoint lists a vendor's staff across locations, and the meeting
 * method is asked where the service and location make it known (decision 0026).
 */
export function stepSettings(
  clientView: Pick<ClientViewSettings, "first_step" | "include_location_step" | "staff_selection">,
  attendeesLimit: number,
): StepSettings {
  return {
    firstStep: clientView.first_step === "location" ? "location" : "service",
    includeLocationStep: clientView.include_location_step,
    staffSelection: clientView.staff_selection,
    attendeesLimit,
  };
}

/** How many choices a step would offer; null while that is not known yet. */
export type StepFacts = {
  services: number | null;
  locations: number | null;
  staff: number | null;
};

/** The steps in the vendor's order, before any is left out. */
export function stepSequence(settings: StepSettings): BookingStep[] {
  const first: BookingStep[] =
    settings.firstStep === "location" ? ["location", "service"] : ["service", "location"];
  return [...first, "staff", "attendees", "timeslot", "details"];
}

/** The flow: the vendor's sequence, and the steps of it this visitor is shown. */
export type StepPlan = { sequence: readonly BookingStep[]; steps: readonly BookingStep[] };

/** The steps of this flow, in order; the time and details steps are always there. */
export function planSteps(
  settings: StepSettings,
  facts: StepFacts,
  selection: Pick<BookingSelection, "locationId">,
  context: Pick<BookingContext, "kiosk" | "reschedule">,
): StepPlan {
  const sequence = stepSequence(settings);
  if (context.reschedule) return { sequence, steps: ["timeslot"] };
  const single = (count: number | null) => count !== null && count <= 1;
  const steps = sequence.filter((step) => {
    switch (step) {
      case "service":
        return !single(facts.services);
      case "location":
        // A kiosk serves its own location; otherwise the vendor may leave out a known one.
        if (context.kiosk || single(facts.locations)) return false;
        return settings.includeLocationStep || selection.locationId === null;
      case "staff":
        return settings.staffSelection && !single(facts.staff);
      case "attendees":
        return settings.attendeesLimit > 1;
      default:
        return true;
    }
  });
  return { sequence, steps };
}

/** Whether the visitor has answered a step (the details step never is: it books). */
export function isAnswered(step: BookingStep, selection: BookingSelection): boolean {
  switch (step) {
    case "service":
      return selection.serviceId !== null;
    case "location":
      return selection.locationId !== null;
    case "staff":
      return selection.staff !== null;
    case "timeslot":
      return selection.start !== null;
    case "attendees":
      return selection.attendees !== null;
    case "details":
      return false;
  }
}

/** The steps shown before and after `current` (which may itself be one left out). */
function around({ sequence, steps }: StepPlan, current: BookingStep) {
  const at = sequence.indexOf(current);
  return {
    before: steps.filter((step) => sequence.indexOf(step) < at),
    after: steps.filter((step) => sequence.indexOf(step) > at),
  };
}

/** Where "continue" leads from `current`: the next step of the flow not answered yet. */
export function nextStep(
  plan: StepPlan,
  current: BookingStep,
  selection: BookingSelection,
): BookingStep {
  return around(plan, current).after.find((step) => !isAnswered(step, selection)) ?? "details";
}

/** Where "back" leads: the step shown before `current`, or null on the first. */
export function previousStep(plan: StepPlan, current: BookingStep): BookingStep | null {
  return around(plan, current).before.at(-1) ?? null;
}

/**
 * The first step this page cannot do without: an earlier step of the flow left unanswered (a link
 * straight to the time step without a service, or without the head count a vendor asks for). null
 * when every earlier one is answered.
 */
export function missingBefore(
  plan: StepPlan,
  current: BookingStep,
  selection: BookingSelection,
): BookingStep | null {
  return around(plan, current).before.find((step) => !isAnswered(step, selection)) ?? null;
}

/** Whether this flow shows `step` (a left-out step's page passes the visitor on). */
export const shows = (plan: StepPlan, step: BookingStep) => plan.steps.includes(step);
