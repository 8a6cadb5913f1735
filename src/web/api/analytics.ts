// Analytics events (spec §7 "page views and booking success/failure events are sent"), through a
// pluggable sink; the default one posts them to the server's analytics endpoint and never blocks
// the page.
import type { AnalyticsEventDocument } from "../../shared/contracts/analytics-event.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";
export type BookingEvent =
  | {
      name: "booking_success";
      locationId: string;
      serviceId: string;
      bookedThrough: string;
      meetingMethod: number;
    }
  | {
      name: "booking_failure";
      locationId: string;
      serviceId: string;
      /** HTTP status of the refusal; null when the request never got an answer */
      status: number | null;
      code: string | null;
    }
  /** a visitor page shown; its path only, never the query, which may carry a confirm code */
  | { name: "page_view"; path: string };

export type AnalyticsSink = (event: BookingEvent & { at: string }) => void;

/** The event as the endpoint stores it: a name and flat snake_case properties. */
export function toAnalyticsDocument({
  name,
  ...rest
}: BookingEvent & { at: string }): AnalyticsEventDocument {
  const properties: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(rest)) {
    properties[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  }
  return { data: { type: "analytics-events", attributes: { name, properties } } };
}

const serverSink: AnalyticsSink = (event) => {
  // A lost analytics event must never disturb the visitor: failures are logged and dropped.
  api.post(paths.api.analyticsEvents(), toAnalyticsDocument(event)).catch((error: unknown) => {
    console.warn("analytics event not recorded", error);
  });
};
let sink: AnalyticsSink = serverSink;

/** Replaces where events go (an endpoint, a tag manager, a test spy); returns the previous sink. */
export function setAnalyticsSink(next: AnalyticsSink): AnalyticsSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** Records that a visitor page was shown (the visitor frame calls it on each navigation). */
export const trackPageView = (path: string) => trackBookingEvent({ name: "page_view", path });

/** Records one event; a failing sink never breaks the page that reports. */
export function trackBookingEvent(event: BookingEvent) {
  try {
    sink({ ...event, at: new Date().toISOString() });
  } catch (error) {
    console.error("analytics sink failed", error);
  }
}
