// The attendee details form: the queue form's store, values and resolver, so the visitor's name,
// contact, questions and notes are checked by the very rules the join uses (spec §5), for the
// chosen service's questions and the way of meeting (a phone appointment needs the number). An
// appointment has no curbside: the rules see a service that takes walk-ins only. When a queue place
// is being turned into an appointment, its client fills the form in (spec §4 Convert). The form's
// parts come through the queue form's own module (form-parts.ts), so they stay in its chunk.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { BOOKING_MEETING_METHODS, type MeetingMethod } from "../../../shared/domain.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import type { VendorResource } from "../../api/vendor.ts";
import { whenIdle } from "../../ui/when-idle.ts";
import type { VisitorForm } from "../callback-service/use-visitor-form.ts";
import type { BookingContext, BookingMethod } from "./booking-query.ts";
import type { FormParts } from "./form-parts.ts";

type Options = {
  vendor: VendorResource["attributes"];
  location: LocationResource;
  service: ServiceOption;
  method: BookingMethod;
  context: BookingContext;
};

/** The queue's meeting method the contact rules read: an off-site meeting is face to face. */
export function rulesMethod(method: BookingMethod): MeetingMethod {
  return method === BOOKING_MEETING_METHODS.off_site ? BOOKING_MEETING_METHODS.in_person : method;
}

export function useAttendeeForm(parts: FormParts, options: Options) {
  const { service, location, context } = options;
  // An appointment is met at its time: the rules see no curbside, whatever the line offers.
  const walkInOnly = useMemo(
    () => ({
      services: [{ ...service, supportsWalkin: true, supportsCurbsidePickup: false }],
      location: {
        ...location,
        attributes: { ...location.attributes, supports_curbside_pickup: false },
      },
    }),
    [service, location],
  );
  const { form, questions } = parts.useVisitorForm({
    vendor: options.vendor,
    location: walkInOnly.location,
    services: walkInOnly.services,
    serviceId: service.id,
    meetingMethod: rulesMethod(options.method),
    kiosk: context.kiosk,
  });
  useEffect(() => whenIdle(() => void loadSendBooking()), []);
  usePrefillFromQueuePlace(form, context.conversion);
  return { form, questions };
}

/** The booking request's chunk: once the page is idle, or when the visitor books. */
export const loadSendBooking = () => import("./send-booking.ts");

/** The queue place's client, written into the form once, where the visitor has typed nothing. */
function usePrefillFromQueuePlace(form: VisitorForm, conversion: BookingContext["conversion"]) {
  const client = useQuery({
    queryKey: ["queue-place-client", conversion?.queueAppointmentId, conversion?.code],
    queryFn: async () => {
      if (!conversion) return null;
      const { queuePlaceClient } = await import("./queue-place-client.ts");
      return queuePlaceClient(conversion.queueAppointmentId, conversion.code);
    },
    enabled: conversion !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const filled = useRef(false);
  useEffect(() => {
    const found = client.data;
    if (filled.current || !found) return;
    filled.current = true;
    const fill = (
      name: "first_name" | "last_name" | "email" | "cell_phone",
      value: string | null,
    ) => {
      if (value && !form.getValues(name)) form.setValue(name, value);
    };
    fill("first_name", found.first_name);
    fill("last_name", found.last_name);
    fill("email", found.email);
    fill("cell_phone", found.cell_phone);
    if (found.receive_sms && found.cell_phone) form.setValue("receive_sms", true);
  }, [client.data, form]);
  useEffect(() => {
    // A failed read leaves the form empty for the visitor to fill in: nothing is lost.
    if (client.error) console.warn("the queue place's details could not be read", client.error);
  }, [client.error]);
}
