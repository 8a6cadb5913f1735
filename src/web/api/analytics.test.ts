import { describe, expect, it, vi } from "vitest";
import {
  setAnalyticsSink,
  toAnalyticsDocument,
  trackBookingEvent,
  trackPageView,
} from "./analytics.ts";

describe("booking analytics", () => {
  it("turns an event into the endpoint's document with snake_case properties", () => {
    const doc = toAnalyticsDocument({
      name: "booking_failure",
      locationId: "3",
      serviceId: "7",
      status: 422,
      code: "invalid",
      at: "2026-11-21T10:00:00.000Z",
    });
    expect(doc).toEqual({
      data: {
        type: "analytics-events",
        attributes: {
          name: "booking_failure",
          properties: {
            location_id: "3",
            service_id: "7",
            status: 422,
            code: "invalid",
            at: "2026-11-21T10:00:00.000Z",
          },
        },
      },
    });
  });

  it("never lets a failing sink break the page that reports", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const previous = setAnalyticsSink(() => {
      throw new Error("sink down");
    });
    expect(() =>
      trackBookingEvent({
        name: "booking_success",
        locationId: "1",
        serviceId: "2",
        bookedThrough: "online_queue",
        meetingMethod: 1,
      }),
    ).not.toThrow();
    expect(spy).toHaveBeenCalled();
    setAnalyticsSink(previous);
    spy.mockRestore();
  });

  it("sends a page view with the path alone, never the query's confirm code", () => {
    const seen: unknown[] = [];
    const previous = setAnalyticsSink((event) => seen.push(toAnalyticsDocument(event)));
    trackPageView("/callback-service/confirmation");
    setAnalyticsSink(previous);
    expect(seen).toEqual([
      {
        data: {
          type: "analytics-events",
          attributes: {
            name: "page_view",
            properties: { path: "/callback-service/confirmation", at: expect.any(String) },
          },
        },
      },
    ]);
  });
});
