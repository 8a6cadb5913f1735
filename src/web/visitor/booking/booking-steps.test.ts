// The booking's steps from the vendor's client-view settings (spec §3): service or location first,
// the location step left out where it may be, the staff step only when visitors choose, single
// choices passed over, and where continue and back lead.
import { describe, expect, it } from "vitest";
import type { BookingSelection } from "./booking-query.ts";
import {
  missingBefore,
  nextStep,
  planSteps,
  previousStep,
  type StepFacts,
  type StepSettings,
  stepSettings,
} from "./booking-steps.ts";

const settings = (over: Partial<StepSettings> = {}): StepSettings => ({
  firstStep: "service",
  includeLocationStep: true,
  staffSelection: false,
  attendeesLimit: 1,
  ...over,
});
const facts = (over: Partial<StepFacts> = {}): StepFacts => ({
  services: 4,
  locations: 3,
  staff: 2,
  ...over,
});
const nothing: BookingSelection = {
  serviceId: null,
  locationId: null,
  staff: null,
  meetingMethod: null,
  date: null,
  start: null,
  attendees: null,
};
const online = { kiosk: false, reschedule: null };

describe("the vendor's settings as steps", () => {
  it("starts with the service unless the vendor starts with the location", () => {
    expect(
      stepSettings(
        { first_step: "location", include_location_step: true, staff_selection: false },
        1,
      ).firstStep,
    ).toBe("location");
    for (const first of ["service", "staff", "meeting_method"] as const)
      expect(
        stepSettings({ first_step: first, include_location_step: true, staff_selection: false }, 1)
          .firstStep,
      ).toBe("service");
  });

  it("orders service, location, time and details by default", () => {
    expect(planSteps(settings(), facts(), nothing, online).steps).toEqual([
      "service",
      "location",
      "timeslot",
      "details",
    ]);
  });

  it("asks for the location first when the vendor says so", () => {
    expect(planSteps(settings({ firstStep: "location" }), facts(), nothing, online).steps).toEqual([
      "location",
      "service",
      "timeslot",
      "details",
    ]);
  });

  it("asks who only when the vendor lets visitors choose, and only among two or more", () => {
    const choosing = settings({ staffSelection: true });
    expect(planSteps(choosing, facts(), nothing, online).steps).toContain("staff");
    expect(planSteps(choosing, facts({ staff: 1 }), nothing, online).steps).not.toContain("staff");
    expect(planSteps(settings(), facts({ staff: 5 }), nothing, online).steps).not.toContain(
      "staff",
    );
  });

  it("passes over a step with one choice", () => {
    const plan = planSteps(settings(), facts({ services: 1, locations: 1 }), nothing, online);
    expect(plan.steps).toEqual(["timeslot", "details"]);
  });

  it("leaves out a known location when the vendor leaves out the location step", () => {
    const without = settings({ includeLocationStep: false });
    expect(planSteps(without, facts(), { locationId: "12" }, online).steps).not.toContain(
      "location",
    );
    // Not known yet: it must still be asked.
    expect(planSteps(without, facts(), nothing, online).steps).toContain("location");
    // With the step included, a known location can still be changed.
    expect(planSteps(settings(), facts(), { locationId: "12" }, online).steps).toContain(
      "location",
    );
  });

  it("never asks a kiosk for its location", () => {
    expect(
      planSteps(settings(), facts(), { locationId: "12" }, { kiosk: true, reschedule: null }).steps,
    ).not.toContain("location");
  });

  it("asks how many people come only when more than one may, before the times", () => {
    expect(planSteps(settings({ attendeesLimit: 4 }), facts(), nothing, online).steps).toEqual([
      "service",
      "location",
      "attendees",
      "timeslot",
      "details",
    ]);
  });

  it("is the time step alone when moving an appointment", () => {
    expect(
      planSteps(settings(), facts(), nothing, { kiosk: false, reschedule: { id: "1", code: "X" } })
        .steps,
    ).toEqual(["timeslot"]);
  });
});

describe("continue and back", () => {
  const plan = planSteps(settings({ staffSelection: true }), facts(), nothing, online);

  it("continues to the next step not answered yet", () => {
    expect(nextStep(plan, "service", { ...nothing, serviceId: "3" })).toBe("location");
    // The location came with the link: on to who.
    expect(nextStep(plan, "service", { ...nothing, serviceId: "3", locationId: "12" })).toBe(
      "staff",
    );
    expect(nextStep(plan, "timeslot", { ...nothing, start: "2026-12-01T09:00:00Z" })).toBe(
      "details",
    );
  });

  it("continues past a step it leaves out", () => {
    const single = planSteps(settings(), facts({ locations: 1 }), nothing, online);
    expect(nextStep(single, "location", { ...nothing, serviceId: "3" })).toBe("timeslot");
  });

  it("goes back to the step before, answered or not", () => {
    expect(previousStep(plan, "timeslot")).toBe("staff");
    expect(previousStep(plan, "service")).toBeNull();
  });

  it("sends a page back to the first earlier step left unanswered", () => {
    expect(missingBefore(plan, "timeslot", { ...nothing, locationId: "12" })).toBe("service");
    expect(
      missingBefore(plan, "details", {
        ...nothing,
        serviceId: "3",
        locationId: "12",
        staff: "any",
      }),
    ).toBe("timeslot");
    expect(missingBefore(plan, "service", nothing)).toBeNull();
  });

  it("asks the head count before the times where the vendor takes several people", () => {
    const counting = planSteps(settings({ attendeesLimit: 3 }), facts(), nothing, online);
    const chosen = { ...nothing, serviceId: "3", locationId: "12" };
    expect(missingBefore(counting, "timeslot", chosen)).toBe("attendees");
    expect(missingBefore(counting, "timeslot", { ...chosen, attendees: 2 })).toBeNull();
  });
});
