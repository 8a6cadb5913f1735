import { describe, expect, it } from "vitest";
import { clientViewSettingsSchema, featureFlagsSchema } from "../../../shared/vendor-settings.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import {
  callbackAvailability,
  meetingMethodChoices,
  pageMeetingMethod,
  servicesByMethod,
  vendorTakesCallbacks,
} from "./callback-availability.ts";

const vendor = (features = {}, clientView = {}) => ({
  features: { ...featureFlagsSchema.parse({}), ...features },
  client_view: { ...clientViewSettingsSchema.parse({}), ...clientView },
});

const location = (overrides = {}) => ({
  visibility: "public" as "public" | "private",
  supports_in_person: true,
  supports_phone: true,
  supports_video: true,
  restrict_callback_request_hours: false,
  is_currently_open: false,
  ...overrides,
});

const check = (options: Partial<Parameters<typeof callbackAvailability>[0]>) =>
  callbackAvailability({
    vendor: vendor(),
    location: location(),
    meetingMethod: 1,
    kiosk: false,
    ...options,
  }).kind;

describe("callback availability", () => {
  it("shows the form when everything allows it, closed or not when hours are not restricted", () => {
    expect(check({})).toBe("open");
  });

  it("puts the vendor's switch first", () => {
    expect(vendorTakesCallbacks(vendor({ callback_requests: false }))).toBe(false);
    expect(vendorTakesCallbacks(null)).toBe(true);
    expect(
      check({
        vendor: vendor({ callback_requests: false }),
        location: location({ visibility: "private" }),
      }),
    ).toBe("disabled");
  });

  it("refuses a private location before anything about it", () => {
    expect(
      check({
        location: location({ visibility: "private", supports_phone: false }),
        meetingMethod: 2,
      }),
    ).toBe("private");
  });

  it("refuses visitors when the client view does not let them join, but not a kiosk", () => {
    const closedView = vendor({}, { join_line_from_client_view: false });
    expect(check({ vendor: closedView })).toBe("online-queue-unavailable");
    expect(check({ vendor: vendor({}, { enabled: false }) })).toBe("online-queue-unavailable");
    expect(check({ vendor: closedView, kiosk: true })).toBe("open");
  });

  it("needs both the location and the vendor to take the meeting method", () => {
    expect(check({ location: location({ supports_video: false }), meetingMethod: 3 })).toBe(
      "method-unavailable",
    );
    expect(check({ vendor: vendor({ phone_callbacks: false }), meetingMethod: 2 })).toBe(
      "method-unavailable",
    );
    expect(check({ vendor: vendor({ in_person_callbacks: false }) })).toBe("method-unavailable");
    expect(check({ location: location({ supports_video: false }), meetingMethod: 2 })).toBe("open");
  });

  it("is closed only where callback hours are restricted and the location is closed now", () => {
    expect(check({ location: location({ restrict_callback_request_hours: true }) })).toBe("closed");
    expect(
      check({
        location: location({ restrict_callback_request_hours: true, is_currently_open: true }),
      }),
    ).toBe("open");
  });
});

const service = (overrides: Partial<ServiceOption> = {}): ServiceOption => ({
  id: "1",
  name: "Deposits",
  instructions: null,
  text: "Deposits",
  value: "1",
  supportsCurbsidePickup: false,
  supportsWalkin: true,
  meetingMethods: [1],
  ...overrides,
});

describe("meeting method choices", () => {
  const remote = service({ id: "2", value: "2", meetingMethods: [1, 2, 3] });
  const curbsideOnly = service({
    id: "3",
    value: "3",
    supportsWalkin: false,
    supportsCurbsidePickup: true,
    meetingMethods: [1, 2],
  });

  it("lists the vendor's ways, each available here or not, and why not", () => {
    expect(
      meetingMethodChoices({
        vendor: vendor(),
        location: location({ supports_video: false }),
        services: [service(), remote],
      }),
    ).toEqual([
      { method: 1, unavailable: null },
      { method: 2, unavailable: null },
      { method: 3, unavailable: "location" },
    ]);
    // A way the vendor does not offer at all is not a choice; one no service here takes is explained.
    expect(
      meetingMethodChoices({
        vendor: vendor({ video_meetings: false }),
        location: location(),
        services: [service(), curbsideOnly],
      }),
    ).toEqual([
      { method: 1, unavailable: null },
      { method: 2, unavailable: "services" },
    ]);
  });

  it("lets the location decide alone until the services have loaded", () => {
    expect(
      meetingMethodChoices({ vendor: vendor(), location: location(), services: undefined }).every(
        (choice) => choice.unavailable === null,
      ),
    ).toBe(true);
  });

  it("offers a call only the services that take walk-ins", () => {
    expect(servicesByMethod([service(), remote, curbsideOnly], 2)).toEqual([remote]);
    expect(servicesByMethod([service(), remote, curbsideOnly], 1)).toHaveLength(3);
  });

  it("serves the link's way, else in person where it is available, else the first that is", () => {
    const all = [
      { method: 1, unavailable: null },
      { method: 2, unavailable: null },
    ] as const;
    expect(pageMeetingMethod(2, all)).toBe(2);
    expect(pageMeetingMethod(null, all)).toBe(1);
    expect(
      pageMeetingMethod(null, [
        { method: 1, unavailable: "location" },
        { method: 3, unavailable: null },
      ]),
    ).toBe(3);
    expect(pageMeetingMethod(null, [{ method: 2, unavailable: "services" }])).toBe(1);
    expect(pageMeetingMethod(null, [])).toBe(1);
  });
});
