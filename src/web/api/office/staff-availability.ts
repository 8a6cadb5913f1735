// GET /api/internal/v1/availability: the free times staff may book at a location for a service
// (any staff member or one), from one day to another; a moved appointment's own time counts as free
// with ignore_appointment_id. Fetcher, query options and hook.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffAvailabilityDocument } from "../../../shared/contracts/schedule.ts";
import { paths, type StaffAvailabilityApiQuery } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { StaffAvailabilityApiQuery, StaffAvailabilityDocument };
export type AvailableSlot =
  StaffAvailabilityDocument["data"][number]["attributes"]["slots"][number];

export const staffAvailabilityRootKey = [OFFICE_QUERY_ROOT, "staff-availability"] as const;

export function getStaffAvailability(query: StaffAvailabilityApiQuery, signal?: AbortSignal) {
  return officeApi.get<StaffAvailabilityDocument>(paths.api.internal.staffAvailability(query), {
    signal,
  });
}

export const staffAvailabilityQueryOptions = (query: StaffAvailabilityApiQuery) =>
  queryOptions({
    queryKey: [...staffAvailabilityRootKey, query] as const,
    queryFn: ({ signal }) => getStaffAvailability(query, signal),
    // Free times go quickly: a dialog left open reads them again when it is looked at.
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });

/** The free times of the query's days, one list; null asks for nothing (a choice is missing). */
export function useStaffAvailability(query: StaffAvailabilityApiQuery | null) {
  return useQuery({
    ...staffAvailabilityQueryOptions(
      query ?? { location_id: "", service_id: "", from: "", to: "" },
    ),
    enabled: query !== null,
    select: (document) => document.data.flatMap((day) => day.attributes.slots),
  });
}
