// The slot the visitor chose, for the details step's summary (its end gives the duration; its
// staff, who is free): found among the times already loaded for the time step, or else read for its
// day alone (a reload, a shared link). `gone` when that day no longer lists it.
import { useQueryClient } from "@tanstack/react-query";
import {
  type Availability,
  type AvailableSlot,
  useAvailability,
} from "../../api/booking/availability.ts";
import { ANY_STAFF, type BookingMethod, type BookingSelection } from "./booking-query.ts";
import { todayIn } from "./calendar-range.ts";

export type ChosenSlot = {
  slot: AvailableSlot | null;
  staffNames: Record<string, string>;
  pending: boolean;
  /** the day was read afresh and the time is not among its free ones */
  gone: boolean;
};

export function useChosenSlot(
  selection: BookingSelection,
  method: BookingMethod | null,
  timeZone: string,
): ChosenSlot {
  const queryClient = useQueryClient();
  const { start, serviceId, locationId } = selection;
  const choice = [
    "availability",
    serviceId,
    locationId,
    selection.staff === ANY_STAFF ? null : selection.staff,
    method,
    selection.attendees,
  ];
  const cached = start
    ? queryClient
        .getQueriesData<Availability>({ queryKey: choice })
        .map(([, data]) => data && findSlot(data, start))
        .find((found) => found)
    : undefined;
  const day = start ? todayIn(timeZone, new Date(start)) : "";
  const fresh = useAvailability(
    start && serviceId && locationId && !cached
      ? {
          serviceId,
          locationId,
          staffId: selection.staff === ANY_STAFF ? null : selection.staff,
          meetingMethod: method,
          attendees: selection.attendees,
          from: day,
          to: day,
        }
      : null,
  );
  const found = cached ?? (fresh.data && start ? findSlot(fresh.data, start) : undefined);
  return {
    slot: found?.slot ?? null,
    staffNames: found?.staffNames ?? {},
    pending: !cached && fresh.isPending && Boolean(start),
    gone: !cached && fresh.isSuccess && !found,
  };
}

function findSlot(data: Availability, start: string) {
  const at = Date.parse(start);
  for (const slots of Object.values(data.days)) {
    const slot = slots.find((candidate) => Date.parse(candidate.start) === at);
    if (slot) return { slot, staffNames: data.staffNames };
  }
  return undefined;
}
