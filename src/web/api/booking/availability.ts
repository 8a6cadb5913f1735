// GET /api/v2/open/availability (docs/api.md "Appointments"): the free slots of a service at a
// location, for one staff member or anyone, over a range of the location's local days; only days
// with slots are listed. Fetcher, query options and hook.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  AvailabilityDocument,
  availableSlotSchema,
} from "../../../shared/contracts/availability.ts";
import { bookingPaths } from "../../visitor/booking/booking-paths.ts";
import { api } from "../client.ts";

export type AvailableSlot = z.output<typeof availableSlotSchema>;

/** What the times are asked for: one range of local dates (YYYY-MM-DD, both included). */
export type AvailabilityRequest = {
  serviceId: string;
  locationId: string;
  /** null: anyone free */
  staffId: string | null;
  meetingMethod: number | null;
  attendees: number | null;
  from: string;
  to: string;
};

export type Availability = {
  /** the location's zone, in which the dates are local */
  timeZone: string;
  /** local date → its slots in start order; a date without slots is absent */
  days: Record<string, AvailableSlot[]>;
  /** staff id → the name visitors see */
  staffNames: Record<string, string>;
};

export async function getAvailability(request: AvailabilityRequest): Promise<Availability> {
  const document = await api.get<AvailabilityDocument>(bookingPaths.api.availability(), {
    query: {
      service_id: request.serviceId,
      location_id: request.locationId,
      staff_id: request.staffId ?? undefined,
      meeting_method: request.meetingMethod ?? undefined,
      attendees: request.attendees ?? undefined,
      from: request.from,
      to: request.to,
    },
  });
  const days: Record<string, AvailableSlot[]> = {};
  for (const day of document.data) days[day.attributes.date] = day.attributes.slots;
  const staffNames: Record<string, string> = {};
  for (const member of document.included) staffNames[member.id] = member.attributes.display_name;
  return { timeZone: document.meta.time_zone, days, staffNames };
}

/** The request's identity without its range: ranges of one choice may stand in for each other. */
const choiceKey = (request: AvailabilityRequest) =>
  [
    request.serviceId,
    request.locationId,
    request.staffId,
    request.meetingMethod,
    request.attendees,
  ] as const;

export const availabilityQueryOptions = (request: AvailabilityRequest) =>
  queryOptions({
    queryKey: ["availability", ...choiceKey(request), request.from, request.to] as const,
    queryFn: () => getAvailability(request),
    // Slots go as others book: a minute old is fresh enough to show, and a booking re-checks.
    staleTime: 60_000,
  });

/**
 * The times of one range; null → nothing is fetched. While another range of the same choice loads,
 * the previous one stays (the page shows it as busy), so the screen never empties.
 */
export function useAvailability(request: AvailabilityRequest | null) {
  return useQuery({
    ...availabilityQueryOptions(
      request ?? {
        serviceId: "",
        locationId: "",
        staffId: null,
        meetingMethod: null,
        attendees: null,
        from: "",
        to: "",
      },
    ),
    enabled: request !== null,
    placeholderData: (previous, previousQuery) =>
      request && previousQuery?.queryKey.slice(1, 6).join() === choiceKey(request).join()
        ? previous
        : undefined,
  });
}
