// Booking analytics events (spec §7 "booking success/failure events are sent"). The server has no
// analytics endpoint yet, so events go to a pluggable sink; the default one logs them.
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
    };

export type AnalyticsSink = (event: BookingEvent & { at: string }) => void;

const logSink: AnalyticsSink = (event) => console.info("analytics", event);
let sink: AnalyticsSink = logSink;

/** Replaces where events go (an endpoint, a tag manager, a test spy); returns the previous sink. */
export function setAnalyticsSink(next: AnalyticsSink): AnalyticsSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** Records one event; a failing sink never breaks the page that reports. */
export function trackBookingEvent(event: BookingEvent) {
  try {
    sink({ ...event, at: new Date().toISOString() });
  } catch (error) {
    console.error("analytics sink failed", error);
  }
}
